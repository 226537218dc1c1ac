import { useSignals } from '@preact/signals-react/runtime';
import { Avatar } from '../widgets/ui/Avatar';
import { Menu } from '../widgets/ui/Menu';
import { useNavigation } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';
import { isTeamServer } from './server-mode';

/** The user menu (spec §2 "Shell"): Profile, Settings, Submit Feedback, Logout. */
export function UserMenu() {
  useSignals();
  const store = useStore();
  const { t } = useT();
  /** Ends the session on the team server and goes to the sign-in page; without a server, the local session. */
  async function signOut() {
    if (!isTeamServer()) return store.session.signOut();
    await fetch('/auth/signout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' }).catch(() => {});
    location.assign('/signin');
  }
  const navigation = useNavigation();
  const name = store.session.currentMember.value?.name ?? store.admin.profile.value.value.name;
  return (
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
        { label: t('shell.menu.logout'), onSelect: () => void signOut() },
      ]}
    />
  );
}
