import { useSignals } from '@preact/signals-react/runtime';
import { Avatar } from '../widgets/ui/Avatar';
import { Menu } from '../widgets/ui/Menu';
import { useNavigation } from '../widgets/ui/navigation';
import { useStore } from '../widgets/ui/store-context';

/** The user menu (spec §2 "Shell"): Profile, Settings, Submit Feedback, Logout (ends the local session). */
export function UserMenu() {
  useSignals();
  const store = useStore();
  const navigation = useNavigation();
  const name = store.admin.profile.value.value.name;
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
        { label: 'Logout', onSelect: () => store.session.signOut() },
      ]}
    />
  );
}
