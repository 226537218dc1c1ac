// Small pieces shared by the administration screens (settings and its tabs).
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { useNavigation } from '../ui/navigation';

/** A screen's title: the one h1 on its own route, an h2 inside the Settings tabs. */
export function ScreenTitle({ embedded = false, children, id }: { embedded?: boolean; children: ReactNode; id?: string }) {
  return embedded ? <h2 id={id} className="cf-admin-title">{children}</h2> : <h1 id={id}>{children}</h1>;
}

/** Back: to the previous page when there is one, else to the dashboard. */
export function BackButton() {
  const navigation = useNavigation();
  return (
    <Button
      variant="ghost"
      className="cf-back"
      onClick={() => {
        if (typeof window !== 'undefined' && window.history.length > 1) window.history.back();
        else navigation.navigate('/');
      }}
    >
      ← Back
    </Button>
  );
}

/** The reason a form is read-only, said in words next to it (PRODUCT-NOTES: disabled with a reason). */
export function BlockedNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="cf-muted cf-blocked-note" role="note">
      {reason}
    </p>
  );
}
