// Small pieces shared by the administration screens (settings and its tabs).
import type { ReactNode } from 'react';
import { useT } from '../ui/i18n';

/** A screen's title: the one h1 on its own route, an h2 inside the Settings tabs. */
export function ScreenTitle({ embedded = false, children, id }: { embedded?: boolean; children: ReactNode; id?: string }) {
  return embedded ? <h2 id={id} className="cf-admin-title">{children}</h2> : <h1 id={id}>{children}</h1>;
}

/** The reason a form is read-only, said in words next to it rather than only by disabled fields. */
export function BlockedNote({ reason }: { reason: string | null }) {
  const { tm } = useT();
  if (!reason) return null;
  return (
    <p className="cf-muted cf-blocked-note" role="note">
      {tm(reason)}
    </p>
  );
}
