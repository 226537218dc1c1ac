import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildExport, EXPORT_TYPES, fieldsSelectedLabel, funnelAnalytics, validateDateRange } from '../../lib/domain/csv-export';
import {
  checkMapping,
  creatorFunnelFromDraft,
  guessMapping,
  parseEngagementRate,
  parseFollowers,
  validateImport,
  validateImportRow,
  type ColumnMapping,
} from '../../lib/domain/csv-import';
import { nextFunnelId } from '../../lib/domain/funnels';
import { checkCsvFile, neutralizeCell, parseCsv, toCsv } from '../../lib/csv';
import { englishOf, type Message } from '../../lib/domain/messages';

const inEnglish = (said: Message | null) => said && englishOf(said);
import { sampleFunnels } from '../../lib/sample/workspace';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ALL: ColumnMapping = ['creator_handle', 'creator_name', 'email', 'platform', 'followers', 'engagement_rate', 'category'];
const day = (iso: string) => iso.slice(0, 10);

describe('CSV file check', () => {
  it('accepts a .csv file up to 10MB', () => {
    expect(checkCsvFile({ name: 'creators.CSV', size: 10 * 1024 * 1024 }, 10 * 1024 * 1024)).toBeNull();
  });
  it('refuses a file that is not CSV, one over 10MB, and an empty one, with a clear message', () => {
    expect(inEnglish(checkCsvFile({ name: 'creators.xlsx', size: 10 }, 100))).toBe('creators.xlsx is not a CSV file. Choose a .csv file.');
    expect(inEnglish(checkCsvFile({ name: 'big.csv', size: 10 * 1024 * 1024 + 1 }, 10 * 1024 * 1024))).toBe('big.csv is larger than the 10MB limit.');
    expect(inEnglish(checkCsvFile({ name: 'empty.csv', size: 0 }, 100))).toMatch(/empty/);
  });
});

describe('header mapping', () => {
  it('guesses fields from usual header names, each field once', () => {
    expect(guessMapping(['Handle', 'Full Name', 'E-mail', 'Platform', 'Followers', 'Engagement Rate', 'Niche', 'Notes'])).toEqual([
      'creator_handle',
      'creator_name',
      'email',
      'platform',
      'followers',
      'engagement_rate',
      'category',
      '',
    ]);
    expect(guessMapping(['name', 'name'])).toEqual(['creator_name', '']);
  });
  it('requires creator_handle and creator_name, and no field on two columns', () => {
    expect(checkMapping(['creator_handle', ''])).toMatchObject({ ok: false, error: 'Map a column to creator_name to import' });
    expect(checkMapping(['creator_handle', 'creator_name', 'creator_name'])).toMatchObject({ ok: false, error: 'creator_name is mapped to more than one column' });
    expect(checkMapping(['creator_name', 'creator_handle']).ok).toBe(true);
  });
});

describe('row validation', () => {
  it('accepts a complete row and normalises the handle', () => {
    const result = validateImportRow(['lena', 'Lena Park', 'lena@example.com', 'Instagram', '12,500', '6.8%', 'Influencer'], ALL);
    expect(result).toEqual({
      ok: true,
      value: { handle: '@lena', name: 'Lena Park', email: 'lena@example.com', platform: 'Instagram', followers: 12500, engagementRate: 6.8, category: 'Influencer' },
    });
  });
  it('requires creator_handle and creator_name', () => {
    const result = validateImportRow(['', '', '', '', '', '', ''], ALL);
    expect(result).toMatchObject({ ok: false, error: 'creator_handle is required; creator_name is required' });
  });
  it('refuses non-numeric followers, percentages outside 0-100 and bad emails', () => {
    expect(parseFollowers('12k').ok).toBe(false);
    expect(parseFollowers('-3').ok).toBe(false);
    expect(parseFollowers('1.5').ok).toBe(false);
    expect(parseEngagementRate('101').ok).toBe(false);
    expect(parseEngagementRate('-1').ok).toBe(false);
    expect(parseEngagementRate('abc').ok).toBe(false);
    expect(parseEngagementRate('100')).toEqual({ ok: true, value: 100 });
    const row = validateImportRow(['@a', 'A', 'not-an-email', '', 'many', '150', ''], ALL);
    expect(row.ok).toBe(false);
    if (!row.ok) {
      expect(row.error).toContain('email "not-an-email" is not a valid email address');
      expect(row.error).toContain('followers must be a whole number');
      expect(row.error).toContain('engagement_rate must be a percentage from 0 to 100');
    }
  });
  it('reports rejected rows by data row number and keeps the rest', () => {
    const check = validateImport(
      [
        ['@ok1', 'Ok One'],
        ['', 'No Handle'],
        ['@ok2', 'Ok Two'],
        ['@bad', ''],
      ],
      ['creator_handle', 'creator_name'],
    );
    expect(check.accepted.map((a) => a.row)).toEqual([1, 3]);
    expect(check.rejected).toMatchObject([
      { row: 2, error: 'creator_handle is required' },
      { row: 4, error: 'creator_name is required' },
    ]);
  });
  it('never throws, whatever the file holds (fuzz)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const parsed = parseCsv(text);
        const check = validateImport(parsed.rows, guessMapping(parsed.headers));
        expect(check.accepted.length + check.rejected.length).toBe(parsed.rows.length);
      }),
      { numRuns: 300 },
    );
  });
  it('never throws for arbitrary cells and mappings (property)', () => {
    const field = fc.constantFrom('', ...ALL);
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { maxLength: 8 }), { maxLength: 10 }), fc.array(field, { maxLength: 8 }), (rows, mapping) => {
        const check = validateImport(rows, mapping);
        for (const { draft } of check.accepted) {
          expect(draft.handle.startsWith('@')).toBe(true);
          expect(draft.name.trim()).not.toBe('');
          if (draft.engagementRate !== undefined) expect(draft.engagementRate).toBeGreaterThanOrEqual(0);
          if (draft.engagementRate !== undefined) expect(draft.engagementRate).toBeLessThanOrEqual(100);
          if (draft.followers !== undefined) expect(Number.isSafeInteger(draft.followers)).toBe(true);
        }
      }),
    );
  });
});

describe('imported creators', () => {
  it('a new creator is a funnel at Brief with the next CR id', () => {
    const funnel = creatorFunnelFromDraft({ handle: '@lena', name: 'Lena Park', followers: 10, category: 'beauty' }, undefined, {
      now: NOW,
      id: nextFunnelId([{ id: 'CR12345' }, { id: 'CR12350' }, { id: 'X9' }]),
      assignedTo: 'Alex Morgan',
    });
    expect(funnel).toMatchObject({ id: 'CR12351', status: 'Brief', creatorHandle: '@lena', followers: 10, category: 'Creator', interestTags: ['beauty'] });
    expect(funnel.steps[0]).toMatchObject({ name: 'Creator Confirmation', current: true, completed: false });
  });
  it('an existing creator keeps its funnel and gets the new details', () => {
    const [existing] = sampleFunnels(NOW);
    const funnel = creatorFunnelFromDraft({ handle: existing.creatorHandle, name: 'Sarah J.', engagementRate: 7.5 }, existing, { now: NOW, id: 'ignored', assignedTo: 'x' });
    expect(funnel).toMatchObject({ id: existing.id, status: existing.status, creatorName: 'Sarah J.', engagementRate: 7.5, followers: existing.followers });
  });
});

describe('export', () => {
  const funnels = sampleFunnels(NOW);
  it('has the three types with the spec fields', () => {
    expect(EXPORT_TYPES.map((t) => t.id)).toEqual(['creators', 'funnels', 'analytics']);
    expect(EXPORT_TYPES[1].fields).toEqual(['Funnel ID', 'Creator', 'Status', 'Start Date', 'End Date', 'Estimated Conversion Rate', 'Campaign Value', 'Estimated ROI']);
    expect(fieldsSelectedLabel(3)).toBe('3 fields selected');
    expect(fieldsSelectedLabel(1)).toBe('1 field selected');
  });
  it('exports the real funnels whose start date is in the range, with the chosen fields in type order', () => {
    const result = buildExport({ type: 'funnels', fields: ['Status', 'Funnel ID'], range: { start: '2026-02-20', end: '2026-03-10' } }, funnels, day);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.headers).toEqual(['Funnel ID', 'Status']);
    // Started 12 and 5 days before NOW: Mike Chen and Alex Rivera.
    expect(result.value.rows).toEqual([
      ['CR12346', 'Confirmation'],
      ['CR12348', 'Brief'],
    ]);
  });
  it('refuses zero fields and an inverted range', () => {
    expect(buildExport({ type: 'creators', fields: [], range: { start: '2026-01-01', end: '2026-02-01' } }, funnels, day).ok).toBe(false);
    expect(validateDateRange({ start: '2026-03-02', end: '2026-03-01' })).toMatchObject({ ok: false, error: 'The start date must be on or before the end date' });
  });
  it('derives analytics from the funnel numbers', () => {
    const a = funnelAnalytics({ ...funnels[0], followers: 1000, engagementRate: 10, conversionRate: 5, value: 300, roi: 3 });
    expect(a).toEqual({ impressions: 1000, clicks: 100, conversions: 5, revenue: 300, cost: 100 });
  });
  it('neutralises spreadsheet formulas in every cell', () => {
    const csv = toCsv(['Name'], [['=HYPERLINK("http://x")'], ['+1'], ['-2'], ['@SUM(A1)'], ['\tTab']]);
    for (const line of csv.split('\r\n').slice(1)) expect(line.replace(/^"/, '')[0]).toBe("'");
    expect(neutralizeCell('plain')).toBe('plain');
  });
  it('any exported cell re-imports to the same text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), { minLength: 1, maxLength: 6 }), (cells) => {
        const csv = toCsv(['Funnel ID', 'Value'], cells.map((cell, i) => [`CR${i}`, cell]));
        const parsed = parseCsv(csv);
        expect(parsed.headers).toEqual(['Funnel ID', 'Value']);
        expect(parsed.rows.map((row) => row[1])).toEqual(cells);
      }),
      { numRuns: 500 },
    );
  });
  it('formula-like and control-character cells survive the round trip (property)', () => {
    const tricky = fc.stringMatching(/^[=+\-@'\t\r\n",; ]{0,3}[a-z0-9 ",\n]{0,8}$/);
    fc.assert(
      fc.property(fc.array(tricky, { minLength: 1, maxLength: 5 }), (cells) => {
        const parsed = parseCsv(toCsv(['Creator', 'Note'], cells.map((c) => ['x', c])));
        expect(parsed.rows.map((row) => row[1])).toEqual(cells);
      }),
      { numRuns: 500 },
    );
  });
});
