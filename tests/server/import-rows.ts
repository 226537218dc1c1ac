// The rows of a CSV of creators, as the import screen accepts them, for tests that import through the real store.
import { validateImport } from '../../lib/domain/csv-import';

export function creatorRows(prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => [`@${prefix}_${i}`, `Creator ${prefix} ${i}`, 'Instagram', String(1000 + i)]);
  return validateImport(rows, ['creator_handle', 'creator_name', 'platform', 'followers']).accepted;
}
