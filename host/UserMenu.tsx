import { useSignals } from '@preact/signals-react/runtime';
import { Avatar } from '../widgets/ui/Avatar';
import { Menu } from '../widgets/ui/Menu';
import { useNavigation } from '../widgets/ui/navigation';
import { useStore } from '../widgets/ui/store-context';
import { isTeamServer } from './server-mode';

/** The user menu (spec §2 "Shell"): Profile, Settings, Submit Feedback, Logout. */
export function UserMenu() {
  useSignals();
  const store = useStore();
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
        { label: 'Profile', onSelect: () => navigation.navigate('/profile') },
        { label: 'Settings', onSelect: () => navigation.navigate('/settings') },
        { label: 'Submit Feedback', onSelect: () => navigation.navigate('/help') },
        { label: 'Logout', onSelect: () => void signOut() },
      ]}
    />
  );
}
