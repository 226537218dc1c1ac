// What the server's workers record: run as the system actor, which runs nothing else
// (lib/domain/permissions.ts), so no member can make these entries.
import * as v from 'valibot';
import { englishOf, message } from '../domain/messages';
import { ok } from '../domain/types';
import { id, text } from './args';
import { defineMutator } from './define';

/** A message's first failed attempt, or giving it up. */
export const recordMailFailure = defineMutator({
  name: 'mail.recordFailure',
  args: v.object({ subject: text(1000), to: text(500), reason: text(1000), givenUp: v.boolean() }),
  reads: () => [],
  run(tx, args) {
    tx.log({
      action: message(args.givenUp ? 'activity.action.mailNotDelivered' : 'activity.action.mailFailed'),
      actionType: 'system',
      details: message('activity.byAction.mail', { subject: args.subject, to: args.to, reason: args.reason }),
      status: args.givenUp ? 'error' : 'warning',
    });
    return ok(undefined);
  },
});

/** Every retry over about a day failed: the team is told the endpoint stopped receiving. */
export const disableEndpoint = defineMutator({
  name: 'webhooks.disableEndpoint',
  args: v.object({ endpointId: id, url: text(2000) }),
  reads: () => [],
  run(tx, args, meta) {
    const at = new Date(meta.now);
    const said = { title: message('activity.action.endpointDisabled'), message: message('mail.webhookDisabled.body', { url: args.url }) };
    tx.put(
      'notifications',
      {
        id: `nt_wh_${args.endpointId}_${at.getTime().toString(36)}`,
        type: 'email',
        title: englishOf(said.title),
        message: englishOf(said.message),
        timestamp: at.toISOString(),
        read: false,
        snoozedUntil: null,
        said,
      },
      { prepend: true },
    );
    tx.log({ action: message('activity.action.endpointDisabled'), actionType: 'system', details: message('activity.byAction.endpointDisabled', { url: args.url }), status: 'error' });
    return ok(undefined);
  },
});
