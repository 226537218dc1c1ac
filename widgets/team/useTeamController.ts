import { useSignals } from '@preact/signals-react/runtime';
import type { Permission, Role } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';

/** Team members: the list, the signed-in member, and the team actions gated by manageTeam. */
export function useTeamController() {
  useSignals();
  const store = useStore();
  return {
    members: store.team.members.items.value,
    currentMemberId: store.session.currentMember.value?.id ?? null,
    /** Why the team cannot be changed by the signed-in member, or null. */
    blocked: store.session.whyNot('manageTeam'),
    invite: (email: string, role: Role) => store.team.invite(email, role),
    setRole: (id: string, role: Role) => store.team.setRole(id, role),
    togglePermission: (id: string, permission: Permission) => store.team.togglePermission(id, permission),
    remove: (id: string) => store.team.remove(id),
  };
}
