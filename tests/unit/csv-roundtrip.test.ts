// CSV export neutralises formulas, quotes per RFC 4180 and round-trips through
// the importer (10,000 runs); CSV import never crashes on any input and reports what it rejected.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../lib/csv';
import { checkMapping, guessMapping, validateImport } from '../../lib/domain/csv-import';
import { createInventoryItem } from '../../lib/domain/inventory';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\n', '\0'];

/** An independent RFC 4180 reader (not papaparse): CRLF or LF records, "" escapes inside quotes. */
function rfc4180(text: string): string[][] {
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  let wasQuoted = false;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      i += 1;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
      wasQuoted = false;
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      records.push(row);
      row = [];
      cell = '';
      wasQuoted = false;
      i += 2;
    } else {
      // A bare quote inside an unquoted field, or a bare CR/LF, is not RFC 4180 output.
      if (ch === '"' || ch === '\n' || ch === '\r') throw new Error(`not RFC 4180 at ${i}: ${JSON.stringify(text.slice(i - 5, i + 5))}`);
      cell += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  row.push(cell);
  records.push(row);
  return records;
}

const tricky = fc
  .array(fc.constantFrom(...TRIGGERS, '"', ',', "'", ';', '|', ' ', 'a', 'Z', '9', 'é', '👍🏽', '\u200b', '\ufeff'), { maxLength: 12 })
  .map((parts) => parts.join(''));
/** Any text: whole graphemes, any code point (surrogate pairs included), and formula/quote/control mixes. */
const anyCell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: 'grapheme-composite', maxLength: 20 }),
  tricky,
  fc.tuple(fc.constantFrom(...TRIGGERS, "'", '"'), fc.string({ maxLength: 10 })).map(([a, b]) => a + b),
);

describe('CSV export round trip (property, 10,000 runs)', () => {
  it('any cell exported with toCsv re-imports with parseCsv to exactly the same text, and no exported cell starts with a formula trigger', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(anyCell, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        (columns, rawRows) => {
          const headers = ['Funnel ID', 'Creator Name', 'Notes', 'Value'].slice(0, columns);
          // A row of only empty cells is a blank line and skipped on import; give each row an id.
          const rows = rawRows.map((row, i) => [`CR${i}`, ...row.slice(1, columns)]);
          const csv = toCsv(headers, rows);
          const parsed = parseCsv(csv);
          expect(parsed.headers).toEqual(headers);
          expect(parsed.rows).toEqual(rows);
          // RFC 4180: the text splits into the same grid; after unquoting no cell starts with a trigger.
          const grid = rfc4180(csv);
          expect(grid).toHaveLength(rows.length + 1);
          for (const record of grid) {
            expect(record).toHaveLength(columns);
            for (const cell of record) if (cell.length) expect(TRIGGERS).not.toContain(cell[0]);
          }
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('a lone exported cell (one column, one row) round-trips too', () => {
    fc.assert(
      fc.property(anyCell.filter((c) => c.trim() !== ''), (cell) => {
        const parsed = parseCsv(toCsv(['Notes'], [[cell]]));
        expect(parsed.headers).toEqual(['Notes']);
        expect(parsed.rows).toEqual([[cell]]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the known dangerous cells are neutralised in the file itself', () => {
    const cells = ['=1+1', '+1', '-1', '@SUM(A1)', '\tTab', '\rCR', '\nLF', '\0NUL', '=HYPERLINK("http://evil")'];
    const grid = rfc4180(toCsv(['A', 'B'], cells.map((c) => ['x', c])));
    for (const [, cell] of grid.slice(1)) expect(cell[0]).toBe("'");
    expect(parseCsv(toCsv(['A', 'B'], cells.map((c) => ['x', c]))).rows.map((r) => r[1])).toEqual(cells);
  });
});

describe('CSV import never crashes and reports what it rejected (fuzz)', () => {
  const MAPPING_FIELDS = ['', 'creator_handle', 'creator_name', 'email', 'platform', 'followers', 'engagement_rate', 'category'] as const;

  /** Runs the whole import check as the Import screen does; returns what it reported. */
  function importCheck(text: string) {
    const parsed = parseCsv(text);
    expect(Array.isArray(parsed.headers)).toBe(true);
    expect(Array.isArray(parsed.rows)).toBe(true);
    for (const e of parsed.errors) expect(typeof e.message).toBe('string');
    const mapping = guessMapping(parsed.headers);
    const mappingCheck = checkMapping(mapping);
    if (!mappingCheck.ok) expect(mappingCheck.error).toMatch(/\S/);
    const check = validateImport(parsed.rows, mapping);
    expect(check.accepted.length + check.rejected.length).toBe(parsed.rows.length);
    const seen = new Set<number>();
    for (const { row } of [...check.accepted, ...check.rejected]) {
      expect(row).toBeGreaterThanOrEqual(1);
      expect(row).toBeLessThanOrEqual(parsed.rows.length);
      expect(seen.has(row)).toBe(false);
      seen.add(row);
    }
    for (const r of check.rejected) expect(r.error).toMatch(/\S/);
    return { parsed, mapping, check };
  }

  const cellText = fc.oneof(fc.string({ maxLength: 15 }), fc.string({ unit: 'binary', maxLength: 15 }), tricky);
  const delimiter = fc.constantFrom(',', ';', '\t', '|', ' ');
  const newline = fc.constantFrom('\r\n', '\n', '\r');

  /** CSV-ish text with the creator headers, any delimiter and line ending, ragged rows, an optional BOM. */
  const csvLike = fc
    .record({
      bom: fc.boolean(),
      delimiter,
      newline,
      headers: fc.shuffledSubarray(['creator_handle', 'creator_name', 'email', 'followers', 'engagement_rate', 'category', 'Notes'], { minLength: 0 }),
      rows: fc.array(fc.array(cellText, { maxLength: 9 }), { maxLength: 8 }),
      quoteSome: fc.boolean(),
    })
    .map(({ bom, delimiter: d, newline: nl, headers, rows, quoteSome }) => {
      const q = (c: string) => (quoteSome ? `"${c.replace(/"/g, '""')}"` : c);
      return (bom ? '\ufeff' : '') + [headers.join(d), ...rows.map((r) => r.map(q).join(d))].join(nl);
    });

  it('never throws on CSV-like input: any delimiter, ragged rows, BOM, quotes, controls', () => {
    fc.assert(fc.property(csvLike, (text) => void importCheck(text)), { numRuns: 1_500 });
  });

  it('never throws on arbitrary text and bytes', () => {
    const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => new TextDecoder('utf-8').decode(b));
    fc.assert(fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), bytes, fc.string({ maxLength: 300 })), (text) => void importCheck(text)), {
      numRuns: 1_500,
    });
  });

  it('never throws on a huge field or an unterminated quote, and rejects the oversized name by row', () => {
    const huge = 'x'.repeat(2_000_000);
    const { check } = importCheck(`creator_handle,creator_name\r\n@ok,Fine\r\n@big,${huge}\r\n@bad handle!,Name`);
    expect(check.accepted.map((a) => a.row)).toEqual([1]);
    expect(check.rejected).toMatchObject([
      { row: 2, error: 'creator_name must be at most 200 characters' },
      { row: 3, error: expect.stringContaining('creator_handle') },
    ]);
    const open = importCheck(`creator_handle,creator_name\r\n@a,"never closed ${'y'.repeat(100_000)}`);
    expect(open.parsed.errors.length + open.check.rejected.length + open.check.accepted.length).toBeGreaterThan(0);
  });

  it('a file with the wrong delimiter is read or reported, never silently imported wrong', () => {
    fc.assert(
      fc.property(fc.constantFrom(';', '\t', '|'), fc.array(fc.stringMatching(/^[a-z]{1,10}$/), { minLength: 1, maxLength: 5 }), (d, handles) => {
        const text = ['creator_handle' + d + 'creator_name', ...handles.map((h) => `@${h}${d}Name ${h}`)].join('\r\n');
        const { mapping, check } = importCheck(text);
        if (checkMapping(mapping).ok) {
          // Detected: every row imports with its own handle and name.
          expect(check.accepted.map((a) => [a.draft.handle, a.draft.name])).toEqual(handles.map((h) => [`@${h}`, `Name ${h}`]));
        } else {
          // Not detected: the mapping is refused, so nothing is imported.
          expect(checkMapping(mapping)).toMatchObject({ ok: false });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('every mapping over arbitrary grids reports each row exactly once (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { maxLength: 8 }), { maxLength: 12 }),
        fc.array(fc.constantFrom(...MAPPING_FIELDS), { maxLength: 8 }),
        (rows, mapping) => {
          const check = validateImport(rows, mapping);
          expect([...check.accepted, ...check.rejected].map((r) => r.row).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('the inventory importer rule never throws on arbitrary cells and reports why a row is refused', () => {
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 6, maxLength: 6 }), ([sku, name, quantity, low, reorder, location]) => {
        const result = createInventoryItem({ sku, name, quantity, lowStockThreshold: low, reorderPoint: reorder, location }, [], new Date('2026-03-10T12:00:00Z'), 'inv_x');
        if (!result.ok) expect(result.error).toMatch(/\S/);
        else expect(result.value.name.trim()).not.toBe('');
      }),
      { numRuns: 1_000 },
    );
  });
});
