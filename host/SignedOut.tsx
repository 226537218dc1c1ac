import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Button } from '../widgets/ui/Button';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';
import { activityActionIn, activityDetailsIn } from '../lib/i18n/activity';
import { signOutOwed } from '../lib/sync/owed-sign-out';
import { serverOrigin } from '../lib/sync/transport';
import { notKept } from './not-kept';
import { isTeamServer } from './server-mode';
import { syncStatusText } from './SyncStatus';

/** Sign in: the team server's sign-in page, or (browser-only) this browser's workspace again. */
function useSignIn() {
  const store = useStore();
  return () => {
    if (isTeamServer()) location.assign(`/signin?next=${encodeURIComponent(location.pathname)}`);
    else store.session.signIn();
  };
}

/**
 * Shown when nobody is signed in: after Logout, or (team server) before signing in. It says what
 * is true where it runs: without a server the workspace stays in this browser; with one it is the
 * team's, on the server. With a team server, the sync's own state says why there is no workspace
 * here when it knows (the member was removed, the server is unreachable, the browser offline).
 */
export function SignedOut() {
  useSignals();
  const store = useStore();
  const translator = useT();
  const signIn = useSignIn();
  const status = store.sync?.status.value;
  // Signed out here while the server was out of reach: it ends the session on the next contact.
  const owed = store.sync !== null && signOutOwed(serverOrigin()).value;
  const reason = owed ? translator.t('shell.signOut.owed') : status && !['saved', 'loading', 'saving'].includes(status.state) ? syncStatusText(status, translator) : null;
  const lost = status?.state === 'removed' ? notKept.value : [];
  return (
    <main id="cf-main" className="cf-signed-out">
      <div className="cf-card cf-stack">
        <p className="cf-brand">Creatorflow</p>
        {reason ? (
          <>
            <h1 role="status">{reason}</h1>
            {lost.length > 0 && (
              <section aria-labelledby="cf-not-kept">
                <p id="cf-not-kept">{translator.t('shell.removed.notKept', { count: lost.length })}</p>
                <ul>
                  {lost.map((change) => (
                    <li key={change.key}>{[activityActionIn(translator, change), activityDetailsIn(translator, change)].filter(Boolean).join(' — ')}</li>
                  ))}
                </ul>
              </section>
            )}
          </>
        ) : (
          <>
            <h1>{translator.t('shell.signedOut.title')}</h1>
            <p className="cf-muted">{isTeamServer() ? translator.t('shell.signedOut.bodyTeam') : translator.t('shell.signedOut.body')}</p>
          </>
        )}
        <div>
          <Button variant="primary" onClick={signIn}>
            {translator.t('shell.signedOut.signIn')}
          </Button>
        </div>
      </div>
    </main>
  );
}

/** A public page read while signed out: the brand, a way to sign in, and the page itself; nothing of the workspace. */
export function SignedOutPage({ children }: { children: ReactNode }) {
  const { t } = useT();
  const signIn = useSignIn();
  return (
    <div className="cf-public">
      <header className="cf-public-bar">
        <p className="cf-brand">Creatorflow</p>
        <span className="cf-spacer" />
        <Button onClick={signIn}>{t('shell.signedOut.signIn')}</Button>
      </header>
      <main id="cf-main" className="cf-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
