// Who last wrote each pulled record: every commit moves the workspace version by one and writes
// the activity entry of the member who made it at that version, so the entries of a pull name
// the writer of every record written at the same version. A browser then tells a member whose
// change a teammate replaced who did it.
import type { ActivityEntry } from '../../lib/domain/types';
import type { RecordWriter } from '../../lib/domain/overwrites';
import type { PulledRecord } from '../../lib/sync/protocol';

/** `records[i]` was written at `versions[i]`; returns them with `by` where an activity entry of that version names a member. */
export function withWriters(records: PulledRecord[], versions: readonly number[]): PulledRecord[] {
  const writers = new Map<number, RecordWriter>();
  records.forEach((record, index) => {
    if (record.collection !== 'activity' || !record.value) return;
    const entry = record.value as ActivityEntry;
    if (entry.userId && entry.userId !== 'system' && !writers.has(versions[index])) writers.set(versions[index], { id: entry.userId, name: entry.userName });
  });
  if (!writers.size) return records;
  return records.map((record, index) => {
    const by = record.collection === 'activity' ? undefined : writers.get(versions[index]);
    return by ? { ...record, by } : record;
  });
}
