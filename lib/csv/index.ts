// CSV in and out (papaparse). Exports neutralise spreadsheet formulas, so opening a file cannot
// run a cell, in a way the importer undoes, so any exported cell re-imports to the same text.
import Papa from 'papaparse';
import { message, type Message } from '../domain/messages';

const DANGEROUS_FIRST = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\0']);

/** Prefixes a quote to cells a spreadsheet would run as a formula (and to cells that already start with one). */
export function neutralizeCell(value: string): string {
  if (value.length === 0) return value;
  return DANGEROUS_FIRST.has(value[0]) || value[0] === "'" ? `'${value}` : value;
}

/** Undoes neutralizeCell. */
export function restoreCell(value: string): string {
  if (value.length >= 2 && value[0] === "'" && (DANGEROUS_FIRST.has(value[1]) || value[1] === "'")) return value.slice(1);
  return value;
}

export type CsvCell = string | number | boolean | null | undefined;

/** RFC 4180 CSV with a header row; every cell is made formula-safe. */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell) => neutralizeCell(value === null || value === undefined ? '' : String(value));
  return Papa.unparse(
    { fields: headers.map(cell), data: rows.map((row) => row.map(cell)) },
    { newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && /^\s|\s$/.test(value) },
  );
}

export interface ParsedCsv {
  headers: string[];
  rows: string[][];
  /** Problems papaparse reported, by 1-based data row number. */
  errors: { row: number; message: string }[];
}

/** Parses CSV text with a header row. Never throws: malformed input is reported. */
export function parseCsv(text: string): ParsedCsv {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let result: Papa.ParseResult<string[]>;
  try {
    result = Papa.parse<string[]>(clean, { skipEmptyLines: 'greedy', delimiter: headerDelimiter(clean) });
  } catch (error) {
    return { headers: [], rows: [], errors: [{ row: 0, message: error instanceof Error ? error.message : String(error) }] };
  }
  const [headerRow = [], ...dataRows] = result.data.map((row) => (Array.isArray(row) ? row.map((v) => restoreCell(String(v ?? ''))) : []));
  return {
    headers: headerRow.map((h) => h.trim()),
    rows: dataRows,
    errors: result.errors.map((error) => ({ row: typeof error.row === 'number' ? error.row : 0, message: error.message })),
  };
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter, judged from the header row only (outside quotes): a comma when the header has
 * one, else the most used of ; tab |, else a comma. Guessing from data rows (papaparse's default)
 * misreads a one-column export whose cells hold semicolons or tabs.
 */
function headerDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  if (counts.get(',')) return ',';
  let best = ',';
  let most = 0;
  for (const [d, n] of counts) if (n > most) [best, most] = [d, n];
  return best;
}

/** Checks a chosen file before reading it: .csv only, at most `maxBytes` (the 10MB limit the screen states). */
export function checkCsvFile(file: { name: string; size: number; type?: string }, maxBytes: number): Message | null {
  if (!/\.csv$/i.test(file.name)) return message('domain.import.notCsv', { name: file.name });
  if (file.size > maxBytes) return message('domain.import.tooLarge', { name: file.name });
  if (file.size === 0) return message('domain.import.empty', { name: file.name });
  return null;
}
