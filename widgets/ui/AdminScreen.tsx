// Small pieces shared by the administration screens (settings and its tabs).
import type { ReactNode } from 'react';

/** A screen's title: the one h1 on its own route, an h2 inside the Settings tabs. */
export function ScreenTitle({ embedded = false, children, id }: { embedded?: boolean; children: ReactNode; id?: string }) {
  return embedded ? <h2 id={id} className="cf-admin-title">{children}</h2> : <h1 id={id}>{children}</h1>;
}

/** The reason a form is read-only (already in the screen's language), said in words next to it rather than only by disabled fields. */
export function BlockedNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="cf-muted cf-blocked-note" role="note">
      {reason}
    </p>
  );
}
