// `npm run bench -- --profile-browser`: a V8 CPU profile of one step of a workload in Chromium
// (through the DevTools protocol's Profiler), written to bench/profiles/ and summarised as the
// functions with the most self time, each mapped through the build's source maps to its file
// and line in our sources (or the package it comes from).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const profiles = join(root, 'bench/profiles');

/**
 * Runs `action` with the page's CPU profiled (sampling every 100 µs), writes the profile and
 * returns the top `top` entries by self time, plus the total and the time in GC and idle.
 * `distFolder`: where the served files are, to find each script's source map.
 */
export async function profiled(page, name, action, { distFolder, top = 12 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  let profile;
  try {
    await action();
  } finally {
    ({ profile } = await cdp.send('Profiler.stop'));
    await cdp.detach().catch(() => {});
  }
  mkdirSync(profiles, { recursive: true });
  const file = join(profiles, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  return { file: relative(root, file), ...summarise(profile, distFolder, top) };
}

/** Self time per function (mapped to its source), largest first. */
export function summarise(profile, distFolder, top = 12) {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i + 1] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + delta);
  }
  const maps = new Map();
  const mapFor = (url) => {
    if (!distFolder || !url) return null;
    if (maps.has(url)) return maps.get(url);
    let map = null;
    try {
      const path = join(distFolder, new URL(url).pathname);
      if (existsSync(`${path}.map`)) map = new TraceMap(readFileSync(`${path}.map`, 'utf8'));
    } catch {
      map = null;
    }
    maps.set(url, map);
    return map;
  };
  const where = (frame) => {
    const { functionName, url, lineNumber, columnNumber } = frame;
    if (!url) return functionName || '(anonymous)';
    const map = lineNumber >= 0 ? mapFor(url) : null;
    if (map) {
      const at = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      if (at.source) {
        const source = at.source.replace(/^(\.\.\/)+/, '');
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
        return `${at.name ?? (functionName || '(anonymous)')} ${pkg ? `[${pkg}]` : `${source}:${at.line}`}`;
      }
    }
    return `${functionName || '(anonymous)'} ${basename(new URL(url).pathname)}:${lineNumber + 1}`;
  };
  const totals = new Map();
  let total = 0;
  for (const [id, micros] of self) {
    const node = byNode.get(id);
    if (!node) continue;
    total += micros;
    const key = where(node.callFrame);
    totals.set(key, (totals.get(key) ?? 0) + micros);
  }
  const ms = (micros) => Math.round(micros / 100) / 10;
  const named = (label) => ms(totals.get(label) ?? 0);
  const entries = [...totals].filter(([key]) => !['(idle)', '(program)', '(root)'].includes(key)).sort((a, b) => b[1] - a[1]);
  return {
    totalMs: ms(total),
    idleMs: named('(idle)'),
    garbageCollectorMs: named('(garbage collector)'),
    topSelfMs: entries.slice(0, top).map(([where, micros]) => ({ where, ms: ms(micros) })),
  };
}
