// Funnel actions (spec §4). Owned by the funnel-board issue.
import type { Funnel } from '../domain/types';
import type { StoreContext } from './core';

export function createFunnelsSlice(ctx: StoreContext) {
  const items = ctx.collection<Funnel>('funnels');
  return { items };
}
