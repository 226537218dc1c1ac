// What one push carries: a tab's waiting mutations together, up to the byte limit, and each
// page of an import alone, so its rows count as saved as soon as the server confirms them.
import { describe, expect, it } from 'vitest';
import { pushBatchOf, PUSH_BYTES } from '../../lib/sync/push';
import type { Waiting } from '../../lib/sync/queue';

const meta = { now: '2026-11-28T10:00:00.000Z', idSeed: 'seed1' };
const edit = (clientID: string, id: number, args: unknown = { id: 'inv_1', quantity: id }): Waiting => ({ clientID, id, name: 'inventory.setQuantity', args, meta, queuedAt: meta.now });
const page = (index: number): Waiting => ({
  clientID: 'imp1',
  id: index + 1,
  name: 'creators.import',
  args: { rows: [], part: { id: 'imp1', index, count: 3, rows: 600 } },
  meta,
  queuedAt: meta.now,
});

describe('pushBatchOf', () => {
  it("takes one tab's edits together, and stops at another tab's", () => {
    const queue = [edit('tab1', 1), edit('tab1', 2), edit('tab2', 1)];
    expect(pushBatchOf(queue)).toEqual(queue.slice(0, 2));
  });

  it('sends each page of an import in a push of its own', () => {
    const queue = [page(0), page(1), page(2)];
    expect(pushBatchOf(queue)).toEqual([queue[0]]);
    expect(pushBatchOf(queue.slice(1))).toEqual([queue[1]]);
  });

  it('stops before the byte limit, and sends a mutation larger than it alone', () => {
    const big = (id: number) => edit('tab1', id, { notes: 'x'.repeat(PUSH_BYTES / 2) });
    expect(pushBatchOf([big(1), big(2), big(3)])).toHaveLength(1);
    const huge = edit('tab1', 1, { notes: 'x'.repeat(PUSH_BYTES + 1) });
    expect(pushBatchOf([huge, edit('tab1', 2)])).toEqual([huge]);
  });
});
