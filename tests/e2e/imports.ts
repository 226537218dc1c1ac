// Import Data driven from a page: a generated CSV of creators, chosen and imported until the
// server confirmed every row.
import { SYSTEM_FIELDS } from '../../lib/domain/types';
import type { useTeamServer } from './browser';

type Page = Awaited<ReturnType<ReturnType<typeof useTeamServer>['newPage']>>['page'];

/** A CSV of `count` creators with the sample's headers (about 77 bytes a row). */
export function creatorsCsv(count: number, prefix: string): Buffer {
  const lines = [SYSTEM_FIELDS.join(',')];
  for (let i = 0; i < count; i++) lines.push(`@${prefix}${i},${prefix} Creator ${i},${prefix}${i}@example.com,Instagram,${1000 + i},4.5,Influencer`);
  return Buffer.from(lines.join('\n'));
}

export async function importCsv(page: Page, csv: Buffer, rows: string, timeout: number) {
  await page.goto('/import');
  await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: csv });
  const started = Date.now();
  await page.getByRole('button', { name: `Import ${rows} rows` }).click();
  await page.getByRole('heading', { name: 'Data imported successfully' }).waitFor({ timeout });
  return Date.now() - started;
}
