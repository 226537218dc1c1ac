import { Button } from '../widgets/ui/Button';
import { useStore } from '../widgets/ui/store-context';

/** Shown after Logout: Logout ends the local session, so the workspace is hidden until sign-in. */
export function SignedOut() {
  const store = useStore();
  return (
    <main id="cf-main" className="cf-signed-out">
      <div className="cf-card cf-stack">
        <p className="cf-brand">Creatorflow</p>
        <h1>You are signed out</h1>
        <p className="cf-muted">Your workspace data stays in this browser. Sign in to continue where you left off.</p>
        <div>
          <Button variant="primary" onClick={() => store.session.signIn()}>
            Sign in
          </Button>
        </div>
      </div>
    </main>
  );
}
