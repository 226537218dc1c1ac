// The records a person's account steps change before they have a session: the owner's first
// setup and a password reset. The server runs these as its own actor (the one-time link is the
// authorization), in that person's name; the password and the link stay server-only rows.
import * as v from 'valibot';
import { message } from '../domain/messages';
import { ok, refuse } from '../domain/types';
import { id, text } from './args';
import { defineMutator, one, single } from './define';

export const completeSetup = defineMutator({
  name: 'account.completeSetup',
  args: v.object({ memberId: id, name: v.pipe(text(100), v.trim(), v.nonEmpty()), email: text(500) }),
  reads: (args) => [one('team', args.memberId), single('profile')],
  run(tx, args) {
    const current = tx.get('team', args.memberId);
    if (current) tx.put('team', { ...current, name: args.name, email: args.email });
    tx.setSingleton('profile', { ...tx.singleton('profile'), name: args.name, email: args.email });
    tx.log({ action: message('activity.action.workspaceSetUp'), actionType: 'system', details: message('activity.details.ownerPassword', { name: args.name }) });
    return ok(undefined);
  },
});

export const recordPasswordReset = defineMutator({
  name: 'account.recordPasswordReset',
  args: v.object({ memberId: id }),
  reads: (args) => [one('team', args.memberId)],
  run(tx, args) {
    const member = tx.get('team', args.memberId);
    if (!member) return refuse<void>('domain.team.memberGone');
    tx.log({ action: message('activity.action.passwordReset'), actionType: 'system', details: message('activity.byAction.passwordReset', { name: member.name }) });
    return ok(undefined);
  },
});
