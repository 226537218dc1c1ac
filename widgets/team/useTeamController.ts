import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useEffect, useState } from 'react';
import type { Message } from '../../lib/domain/messages';
import type { InvitationState } from '../../lib/sync/team-api';
import { isLastTeamManager, LAST_MANAGER, lockedPermission } from '../../lib/domain/team';
import { ROLES, type Permission, type Role, type TeamMember } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';
import { useT, useWhyNot } from '../ui/i18n';

/** Team members: the list, the signed-in member, and the team actions gated by manageTeam. */
export function useTeamController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const { say } = useT();
  const members = store.team.members.items.value;
  const currentMemberId = store.session.currentMember.value?.id ?? null;
  const blocked = whyNot('manageTeam');
  const sayOrNull = (said: Message | null) => (said ? say(said) : null);
  /** Why this member's demotion or removal is refused up front: they are the last one who can manage the team. */
  const lockOut = (m: TeamMember) => (isLastTeamManager(members, m.id) ? say(LAST_MANAGER) : null);
  // Pending members' links as the team server holds them: "Expired" offers a New link.
  const [invitations, setInvitations] = useState<ReadonlyMap<string, InvitationState>>(new Map());
  const pendingCount = members.filter((m) => m.status === 'Pending').length;
  // Bumped after an invitation is made or sent again: the links are asked for anew.
  const [asked, setAsked] = useState(0);
  const refreshInvitations = useCallback(() => setAsked((n) => n + 1), []);
  useEffect(() => {
    if (blocked || pendingCount === 0) return;
    let live = true;
    void store.team.invitations().then((answer) => {
      if (live && answer.ok) setInvitations(new Map(answer.value.map((state) => [state.memberId, state])));
    });
    return () => {
      live = false;
    };
  }, [blocked, pendingCount, asked, store]);
  return {
    members,
    currentMemberId,
    /** Why the team cannot be changed by the signed-in member, or null. */
    blocked,
    /** Why the role of `m` cannot be changed, or null. */
    roleBlocked: (m: TeamMember) => blocked ?? lockOut(m),
    /** Why a permission box of `m` is fixed, or null: the role decides it, or turning it off would lock the team out. */
    permissionBlocked: (m: TeamMember, permission: Permission) =>
      blocked ?? sayOrNull(lockedPermission(m.role, permission)) ?? (permission === 'manageTeam' ? lockOut(m) : null),
    /** Why `m` cannot be removed, or null. */
    removeBlocked: (m: TeamMember) => blocked ?? lockOut(m),
    /** Whether moving the signed-in member to `role` gives them fewer rights (asked first). */
    demotesSelf: (m: TeamMember, role: Role) => m.id === currentMemberId && ROLES.indexOf(role) > ROLES.indexOf(m.role),
    invite: async (email: string, role: Role) => {
      const result = await store.team.sendInvitation(email, role);
      if (result.ok) refreshInvitations();
      return result;
    },
    /** Whether `m`'s invitation link ran out (the server says; false until it has). */
    invitationExpired: (m: TeamMember) => m.status === 'Pending' && invitations.get(m.id)?.expired === true,
    /** Resend / New link for a Pending member: a new link, emailed again. */
    resend: async (id: string) => {
      const result = await store.team.resendInvitation(id);
      if (result.ok) refreshInvitations();
      return result;
    },
    /** Whether invitations can be sent again from here (a team server). */
    canResend: store.team.canResendInvitations(),
    setRole: (id: string, role: Role) => store.team.setRole(id, role),
    togglePermission: (id: string, permission: Permission) => store.team.togglePermission(id, permission),
    remove: (id: string) => store.team.remove(id),
  };
}
