// Who is signed in on this device, and what they may do (from the permission table).
import { computed } from '@preact/signals-core';
import { message, type Message } from '../domain/messages';
import type { MutationName } from '../domain/permissions';
import type { Permission } from '../domain/types';
import { SAMPLE_ADMIN_ID } from '../sample/defaults';
import type { StoreContext } from './core';

export function createSessionSlice(ctx: StoreContext) {
  const members = ctx.collection('team');
  const currentMember = ctx.currentMember;
  const signedIn = computed(() => currentMember.value !== null);
  const session = { name: 'session', value: ctx.session };

  /** Whether the signed-in member may make a change (a mutation by name) or holds a flag. Viewers change nothing. */
  function can(what?: MutationName | Permission): boolean {
    return ctx.authorize(what).ok;
  }
  /** Why a control is disabled, or null when it is allowed. */
  function whyNot(what?: MutationName | Permission): string | null {
    const result = ctx.authorize(what);
    return result.ok ? null : result.error;
  }
  /** The same reason as a message, for a screen to say in its language. */
  function refusal(what?: MutationName | Permission): Message | null {
    const result = ctx.authorize(what);
    return result.ok ? null : (result.problem ?? message('domain.funnels.signedOut'));
  }

  function signIn(memberId: string = SAMPLE_ADMIN_ID) {
    ctx.setSession(memberId, { action: message('activity.action.signedIn'), actionType: 'system', details: message('activity.details.data', { value: members.get(memberId)?.name ?? memberId }) });
  }
  function signOut() {
    ctx.setSession(null, { action: message('activity.action.signedOut'), actionType: 'system', details: message('activity.details.data', { value: currentMember.peek()?.name ?? '' }) });
  }

  return { session, members, currentMember, signedIn, can, whyNot, refusal, signIn, signOut };
}
