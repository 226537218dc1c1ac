import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { Avatar } from '../widgets/ui/Avatar';
import { Button } from '../widgets/ui/Button';
import { Dialog } from '../widgets/ui/Dialog';
import { Menu } from '../widgets/ui/Menu';
import { useNavigation } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';
import { signOutStep } from './sign-out';

/** The user menu (spec §2 "Shell"): Profile, Settings, Submit Feedback, Logout. */
export function UserMenu() {
  useSignals();
  const store = useStore();
  const { t } = useT();
  const step = signOutStep.value;
  const waiting = store.sync?.waiting.value.length ?? 0;
  const offline = store.sync?.status.value.state === 'offline';
  /**
   * With a team server: stops the sync, ends the session there, forgets the cached workspace and
   * this member's waiting changes, and goes to the sign-in page. When the server cannot be
   * reached, the session ends here at once (the shell then says so) and there on the next
   * contact: the page stays, since the sign-in page could not load. Without one, ends the local session.
   */
  async function signOut() {
    signOutStep.value = 'idle';
    if (!store.sync) return store.session.signOut();
    const { ended } = await store.sync.signOut();
    if (ended) location.assign('/signin');
  }
  // Waiting for the changes: Logout follows once the last one is settled (saved, or refused and told).
  useEffect(() => {
    if (step === 'waiting' && waiting === 0) void signOut();
  });
  const navigation = useNavigation();
  // Only the signed-in member's own name: until the session is known (the workspace still
  // loading), a neutral placeholder, never the sample owner's or another member's.
  const name = store.session.currentMember.value?.name ?? null;
  const close = () => (signOutStep.value = 'idle');
  return (
    <>
      <Menu
        className="cf-user-menu"
        trigger={
          name === null ? (
            <>
              <span className="cf-avatar cf-avatar-placeholder" aria-hidden="true" />
              <span className="cf-user-name">{t('shell.account')}</span>
            </>
          ) : (
            <>
              <Avatar name={name} size={28} decorative />
              <span className="cf-user-name">{name}</span>
            </>
          )
        }
        items={[
          { label: t('shell.menu.profile'), onSelect: () => navigation.navigate('/profile') },
          { label: t('shell.menu.settings'), onSelect: () => navigation.navigate('/settings') },
          { label: t('shell.menu.feedback'), onSelect: () => navigation.navigate('/help') },
          // Changes not on the server yet would be lost: ask first.
          { label: t('shell.menu.logout'), onSelect: () => (waiting > 0 ? (signOutStep.value = 'asking') : void signOut()) },
        ]}
      />
      <Dialog
        open={step !== 'idle' && waiting > 0}
        onOpenChange={(open) => !open && close()}
        title={t('shell.signOut.title')}
        footer={
          <>
            <Button onClick={close}>{t('shell.signOut.cancel')}</Button>
            {step === 'asking' && (
              <Button variant="primary" onClick={() => (signOutStep.value = 'waiting')}>
                {t('shell.signOut.wait')}
              </Button>
            )}
            <Button variant="danger" onClick={() => void signOut()}>
              {t('shell.signOut.confirm', { count: waiting })}
            </Button>
          </>
        }
      >
        {step === 'asking' ? (
          <p>{t('shell.signOut.body', { count: waiting })}</p>
        ) : (
          <p role="status">
            {t('shell.signOut.waiting', { count: waiting })} {offline ? t('shell.signOut.waitingOffline') : null}
          </p>
        )}
      </Dialog>
    </>
  );
}
