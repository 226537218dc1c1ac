// The store-only ZIP writer, read back by a reader written from the format (tests/helpers/unzip.ts)
// through the central directory, with every CRC-32 checked.
import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from '../../lib/zip';
import { readZip } from '../helpers/unzip';

describe('zipStore', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('writes every file, named in UTF-8, with its bytes and CRC, readable from the central directory', () => {
    const files = [
      { name: 'creators.csv', data: 'Creator,Revenue\r\n"Lena, Park",1200\r\n' },
      { name: 'funnels.csv', data: 'Funnel ID\r\nCR12345\r\n' },
      { name: 'análisis.csv', data: 'Día,Ingresos\r\n2026-03-10,€5\r\n' },
      { name: 'empty.csv', data: '' },
    ];
    const zip = zipStore(files, new Date(Date.UTC(2026, 2, 10, 14, 30, 42)));
    const read = readZip(zip);
    expect(read.map((f) => [f.name, f.text])).toEqual(files.map((f) => [f.name, f.data]));
    expect(read[0].date).toBe(((2026 - 1980) << 9) | (3 << 5) | 10);
    expect(read[0].time).toBe((14 << 11) | (30 << 5) | 21);
  });

  it('writes an empty archive as just the end record', () => {
    const zip = zipStore([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });
});
