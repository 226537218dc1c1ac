import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Avatar } from '../widgets/ui/Avatar';
import { ConfirmDialog } from '../widgets/ui/ConfirmDialog';
import { Menu } from '../widgets/ui/Menu';
import { useNavigation } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';

/** The user menu (spec §2 "Shell"): Profile, Settings, Submit Feedback, Logout. */
export function UserMenu() {
  useSignals();
  const store = useStore();
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const waiting = store.sync?.waiting.value.length ?? 0;
  /**
   * With a team server: ends the session there, forgets the cached workspace and this member's
   * waiting changes, and goes to the sign-in page. Without one, ends the local session.
   */
  async function signOut() {
    setConfirming(false);
    if (!store.sync) return store.session.signOut();
    await store.sync.signOut();
    location.assign('/signin');
  }
  const navigation = useNavigation();
  const name = store.session.currentMember.value?.name ?? store.admin.profile.value.value.name;
  return (
    <>
      <Menu
        className="cf-user-menu"
        trigger={
          <>
            <Avatar name={name} size={28} decorative />
            <span className="cf-user-name">{name}</span>
          </>
        }
        items={[
          { label: t('shell.menu.profile'), onSelect: () => navigation.navigate('/profile') },
          { label: t('shell.menu.settings'), onSelect: () => navigation.navigate('/settings') },
          { label: t('shell.menu.feedback'), onSelect: () => navigation.navigate('/help') },
          // Changes not on the server yet would be lost: ask first.
          { label: t('shell.menu.logout'), onSelect: () => (waiting > 0 ? setConfirming(true) : void signOut()) },
        ]}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('shell.signOut.title')}
        confirmLabel={t('shell.signOut.confirm')}
        cancelLabel={t('shell.signOut.cancel')}
        onConfirm={() => void signOut()}
      >
        <p>{t('shell.signOut.body', { count: waiting })}</p>
      </ConfirmDialog>
    </>
  );
}
