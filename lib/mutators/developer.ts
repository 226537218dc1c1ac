// The activity entries of the Developer area's and the shop connection's changes. API keys,
// webhook endpoints and shop signing secrets are server-only rows (a key's hash, a sealed
// secret): their route writes them in the same transaction, as the Admin stored in the
// database, and only that route runs these.
import * as v from 'valibot';
import { listValue, message } from '../domain/messages';
import { ok, ROLES } from '../domain/types';
import { text } from './args';
import { defineMutator } from './define';

export const recordKeyChange = defineMutator({
  name: 'developer.recordKeyChange',
  args: v.object({
    change: v.picklist(['created', 'regenerated', 'revoked']),
    lastFour: text(8),
    role: v.optional(v.picklist(ROLES)),
    name: v.optional(text(100)),
  }),
  reads: () => [],
  run(tx, args) {
    const { lastFour } = args;
    const role = message(`team.role.${args.role ?? 'Viewer'}`);
    if (args.change === 'created')
      tx.log({
        action: message('activity.action.apiKeyCreated'),
        actionType: 'system',
        details: args.name ? message('activity.byAction.apiKeyNamed', { lastFour, role, name: args.name }) : message('activity.byAction.apiKeyRole', { lastFour, role }),
      });
    else if (args.change === 'regenerated') tx.log({ action: message('activity.action.apiKeyRegenerated'), actionType: 'system', details: message('activity.details.newKey', { lastFour }) });
    else tx.log({ action: message('activity.action.apiKeyRevoked'), actionType: 'system', details: message('activity.byAction.apiKey', { lastFour }) });
    return ok(undefined);
  },
});

export const recordEndpointChange = defineMutator({
  name: 'developer.recordEndpointChange',
  args: v.object({
    change: v.picklist(['added', 'updated', 'removed']),
    host: text(2000),
    events: v.optional(v.pipe(v.array(text(100)), v.maxLength(20))),
  }),
  reads: () => [],
  run(tx, args) {
    const { host } = args;
    if (args.change === 'removed') tx.log({ action: message('activity.action.endpointRemoved'), actionType: 'system', details: message('activity.details.data', { value: host }) });
    else
      tx.log({
        action: message(args.change === 'added' ? 'activity.action.endpointAdded' : 'activity.action.endpointUpdated'),
        actionType: 'system',
        details: message('activity.details.hostEvents', { host, events: listValue(args.events ?? []) }),
      });
    return ok(undefined);
  },
});

export const recordShopSecret = defineMutator({
  name: 'integrations.recordShopSecret',
  args: v.object({
    shop: v.picklist(['Shopify', 'WooCommerce']),
    /** The secret's last characters as Settings shows them, never the secret. */
    hint: v.optional(text(8)),
  }),
  reads: () => [],
  run(tx, args) {
    tx.log({
      action: message('activity.action.shopSecretSaved', { shop: args.shop }),
      actionType: 'system',
      details: args.hint ? message('activity.details.secretHint', { hint: args.hint }) : message('activity.details.secretSaved'),
    });
    return ok(undefined);
  },
});
