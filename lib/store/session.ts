// The signed-in member of the local workspace (PRODUCT-NOTES "Permissions").
import { computed } from '@preact/signals-core';
import type { Permission, TeamMember } from '../domain/types';
import { SAMPLE_ADMIN_ID } from '../sample/defaults';
import type { StoreContext } from './core';

export function createSessionSlice(ctx: StoreContext) {
  const session = ctx.singleton<{ memberId: string | null }>('session', { memberId: SAMPLE_ADMIN_ID });
  const members = ctx.collection<TeamMember>('team');
  const currentMember = ctx.currentMember;
  const signedIn = computed(() => currentMember.value !== null);

  /** Whether the signed-in member may use a control: Viewers change nothing; flags gate their names. */
  function can(permission?: Permission): boolean {
    return ctx.authorize(permission).ok;
  }
  /** Why a control is disabled, or null when it is allowed. */
  function whyNot(permission?: Permission): string | null {
    const result = ctx.authorize(permission);
    return result.ok ? null : result.error;
  }

  function signIn(memberId: string = SAMPLE_ADMIN_ID) {
    ctx.transaction(() => {
      session.set({ memberId });
      ctx.log({ action: 'Signed in', actionType: 'system', details: members.get(memberId)?.name ?? memberId });
    });
  }
  function signOut() {
    ctx.transaction(() => {
      ctx.log({ action: 'Signed out', actionType: 'system', details: currentMember.peek()?.name ?? '' });
      session.set({ memberId: null });
    });
  }

  return { session, members, currentMember, signedIn, can, whyNot, signIn, signOut };
}
