// Creators added one by one or in batches (the public API's POST /api/v1/creators), by the
// CSV import's rules; each starts a funnel at Brief. And new engagements: a funnel for a
// creator the workspace knows, or for a suggested creator.
import * as v from 'valibot';
import { checkCreatorFields, creatorFunnelFromDraft } from '../domain/csv-import';
import { newEngagement, nextFunnelId } from '../domain/funnels';
import { message } from '../domain/messages';
import { accept, fail, ok, type Funnel, type SystemField } from '../domain/types';
import { withDiscountCodes } from '../domain/attribution';
import { SUGGESTED_CREATORS } from '../sample/suggestions';
import { id, text } from './args';
import { all, defineMutator, nowOf } from './define';
import { inviteSuggested } from './funnels';

/** One creator's fields as text or numbers, checked by the CSV import's rules. */
export const creatorFields = v.object({
  name: text(500),
  handle: text(200),
  email: v.optional(text(500)),
  platform: v.optional(text(500)),
  followers: v.optional(v.union([v.pipe(v.number(), v.finite()), text(50)])),
  engagementRate: v.optional(v.union([v.pipe(v.number(), v.finite()), text(50)])),
  category: v.optional(text(500)),
});
export type CreatorFields = v.InferOutput<typeof creatorFields>;

/** The CSV import's field names for the API's. */
export const CREATOR_FIELD_NAMES: Record<SystemField, keyof CreatorFields> = {
  creator_handle: 'handle',
  creator_name: 'name',
  email: 'email',
  platform: 'platform',
  followers: 'followers',
  engagement_rate: 'engagementRate',
  category: 'category',
};

const asText = (value: string | number | undefined) => (value === undefined ? '' : String(value));

/** Checks one creator's fields; the first problem names its field (the API's name for it). */
export function checkCreator(fields: CreatorFields) {
  return checkCreatorFields({
    creator_handle: fields.handle,
    creator_name: fields.name,
    email: asText(fields.email),
    platform: asText(fields.platform),
    followers: asText(fields.followers),
    engagement_rate: asText(fields.engagementRate),
    category: asText(fields.category),
  });
}

export const CREATOR_MESSAGES = {
  handleTaken: (handle: string, id: string) => `A creator with the handle ${handle} already exists (${id})`,
  handleTwice: (handle: string) => `The handle ${handle} is given twice`,
} as const;

/** Adds creators (1 to 100), each with a funnel at Brief; all or none. */
export const createCreators = defineMutator({
  name: 'creators.create',
  args: v.object({ creators: v.pipe(v.array(creatorFields), v.minLength(1), v.maxLength(100)) }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    const funnels = tx.scan('funnels');
    const byHandle = new Map(funnels.map((f) => [f.creatorHandle.toLowerCase(), f]));
    const now = nowOf(meta);
    const assignedTo = tx.actor?.name ?? 'System';
    let nextId = nextFunnelId(funnels);
    const created: Funnel[] = [];
    for (const fields of args.creators) {
      const checked = checkCreator(fields);
      if (!checked.ok) return fail<Funnel[]>(checked.error);
      const key = checked.value.handle.toLowerCase();
      const taken = byHandle.get(key);
      if (taken) return fail<Funnel[]>(created.some((f) => f.id === taken.id) ? CREATOR_MESSAGES.handleTwice(checked.value.handle) : CREATOR_MESSAGES.handleTaken(checked.value.handle, taken.id));
      const funnel = creatorFunnelFromDraft(checked.value, undefined, { now, id: nextId, assignedTo });
      byHandle.set(key, funnel);
      created.push(funnel);
      nextId = nextFunnelId([{ id: nextId }]);
    }
    // In the order given, at the top of the board, as the CSV import places new creators.
    const coded = withDiscountCodes(created, funnels);
    created.splice(0, created.length, ...coded);
    for (let i = created.length - 1; i >= 0; i--) tx.put('funnels', created[i], { prepend: true });
    tx.log({
      action: message('activity.action.creatorsAdded'),
      actionType: 'creator',
      details:
        created.length === 1
          ? message('activity.details.startedAtBrief', { name: created[0].creatorName, handle: created[0].creatorHandle })
          : message('activity.details.manyStartedAtBrief', { count: created.length }),
      metadata: { created: created.length },
    });
    return ok(created);
  },
});

/**
 * Starts a funnel at Brief for a creator the workspace knows (a new engagement, with its own
 * funnel id) or for a suggested creator (the dashboard's invite).
 */
export const startEngagement = defineMutator({
  name: 'funnels.startEngagement',
  args: v.object({ creatorId: id, engagementType: v.optional(text(100)) }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    if (SUGGESTED_CREATORS.some((c) => c.id === args.creatorId))
      return inviteSuggested.run(tx, { suggestedId: args.creatorId, engagementType: args.engagementType }, meta);
    const funnels = tx.scan('funnels');
    const creator = funnels.find((f) => f.id === args.creatorId);
    if (!creator) return fail<Funnel>(`No creator ${args.creatorId}`);
    const result = newEngagement(creator, funnels, {
      id: nextFunnelId(funnels),
      now: nowOf(meta),
      assignedTo: tx.actor?.name ?? 'System',
      engagementType: args.engagementType,
    });
    if (!result.ok) return result;
    const [engagement] = withDiscountCodes([result.value], funnels);
    result.value = engagement;
    tx.put('funnels', engagement, { prepend: true });
    tx.log({
      action: message('activity.action.engagementStarted'),
      actionType: 'funnel',
      details: message('activity.details.engagementStarted', { name: creator.creatorName, handle: creator.creatorHandle, type: result.value.engagementType }),
      metadata: { funnelId: result.value.id },
    });
    return accept(result.value, 'domain.funnels.engagementStarted', { name: creator.creatorName, id: result.value.id });
  },
});
