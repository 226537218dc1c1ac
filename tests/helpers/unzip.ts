// A ZIP reader written from the format, for tests: the end record points at the central
// directory, which names every file, its CRC-32, sizes and local header; each local header
// must agree and be followed by the bytes, whose CRC-32 must match.
import { expect } from 'vitest';
import { crc32 } from '../../lib/zip';

export interface Read {
  name: string;
  text: string;
  crc: number;
  date: number;
  time: number;
}

export function readZip(zip: Uint8Array): Read[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const endAt = zip.length - 22;
  expect(view.getUint32(endAt, true), 'end of central directory').toBe(0x06054b50);
  const count = view.getUint16(endAt + 10, true);
  expect(view.getUint16(endAt + 8, true)).toBe(count);
  const size = view.getUint32(endAt + 12, true);
  let at = view.getUint32(endAt + 16, true);
  expect(at + size).toBe(endAt);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const files: Read[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true), 'central header').toBe(0x02014b50);
    expect(view.getUint16(at + 8, true) & 0x0800, 'UTF-8 flag').toBe(0x0800);
    expect(view.getUint16(at + 10, true), 'stored').toBe(0);
    const crc = view.getUint32(at + 16, true);
    const compressed = view.getUint32(at + 20, true);
    expect(view.getUint32(at + 24, true)).toBe(compressed);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true), 'local header').toBe(0x04034b50);
    expect(view.getUint32(local + 14, true)).toBe(crc);
    expect(view.getUint32(local + 18, true)).toBe(compressed);
    expect(decoder.decode(zip.subarray(local + 30, local + 30 + view.getUint16(local + 26, true)))).toBe(name);
    const dataAt = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(dataAt, dataAt + compressed);
    expect(crc32(data), `${name}: CRC-32`).toBe(crc);
    files.push({ name, text: decoder.decode(data), crc, date: view.getUint16(at + 14, true), time: view.getUint16(at + 12, true) });
    at += 46 + nameLength + extra;
  }
  return files;
}
