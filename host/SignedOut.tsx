import { Button } from '../widgets/ui/Button';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';

/** Shown after Logout: Logout ends the local session, so the workspace is hidden until sign-in. */
export function SignedOut() {
  const store = useStore();
  const { t } = useT();
  return (
    <main id="cf-main" className="cf-signed-out">
      <div className="cf-card cf-stack">
        <p className="cf-brand">Creatorflow</p>
        <h1>{t('shell.signedOut.title')}</h1>
        <p className="cf-muted">{t('shell.signedOut.body')}</p>
        <div>
          <Button variant="primary" onClick={() => store.session.signIn()}>
            {t('shell.signedOut.signIn')}
          </Button>
        </div>
      </div>
    </main>
  );
}
