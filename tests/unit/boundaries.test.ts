// The import-boundary lint catches a file that reaches across the layers: each violation is
// planted in a temporary copy of the repository's folder layout and linted with the repository's
// own boundary rules (eslint.boundaries.js).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaryConfigs } from '../../eslint.boundaries.js';

const repo = resolve(import.meta.dirname, '../..');
let copy: string;
let eslint: ESLint;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'cf-boundaries-'));
  for (const entry of readdirSync(join(repo, 'widgets'), { withFileTypes: true })) if (entry.isDirectory()) mkdirSync(join(copy, 'widgets', entry.name), { recursive: true });
  eslint = new ESLint({
    cwd: copy,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...boundaryConfigs(copy)],
  });
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Writes `source` at `path` in the copy and returns the boundary messages ESLint reports for it. */
async function lint(path: string, source: string) {
  const file = join(copy, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  const [result] = await eslint.lintFiles([file]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import-boundary lint', () => {
  it.each([
    ['a domain rule importing the store', 'lib/domain/planted.ts', "import { createStore } from '../store/createStore';", /pure rules/],
    ['a domain rule importing React', 'lib/domain/planted.ts', "import { useState } from 'react';", /never imports React/],
    ['the schema importing storage', 'lib/schema/planted.ts', "import type { StorageAdapter } from '../storage/types';", /imports no storage/],
    ['a mutator importing the store', 'lib/mutators/planted.ts', "import { getStore } from '../store';", /import no store/],
    ['a screen importing another screen', 'widgets/orders/Planted.tsx', "import { FunnelBoard } from '../funnel-board';", /Screens do not import each other \(orders → funnel-board\)/],
    ['a screen importing the host', 'widgets/orders/Planted.tsx', "import { routes } from '../../host/routes';", /never import the host app or the server/],
    ['a screen importing the router', 'widgets/inventory/Planted.tsx', "import { Link } from 'react-router-dom';", /only host\/ knows the router/],
    ['a primitive importing a screen', 'widgets/ui/Planted.tsx', "import { Orders } from '../orders';", /Shared parts import no screen \(orders\)/],
    ['the server importing the browser store', 'server/planted.ts', "import { createStore } from '../lib/store/createStore';", /imports no browser store/],
    ['the server importing a screen', 'server/planted.ts', "import { Orders } from '../widgets/orders';", /imports no screen or page/],
  ])('reports %s', async (_name, path, source, message) => {
    const messages = await lint(path, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  it.each([
    ['a screen importing a primitive', 'widgets/orders/Fine.tsx', "import { Button } from '../ui/Button';"],
    ['a screen importing a shared part', 'widgets/creator/Fine.tsx', "import { OutreachDialog } from '../shared/OutreachDialog';"],
    ['the Settings area showing its admin tabs', 'widgets/settings/Fine.tsx', "import { TeamView } from '../team/Team';"],
    ['a domain rule importing another rule', 'lib/domain/fine.ts', "import { orderTotals } from './orders';"],
    ['the server running mutators', 'server/fine.ts', "import { MUTATORS } from '../lib/mutators';"],
  ])('allows %s', async (_name, path, source) => {
    expect(await lint(path, source)).toEqual([]);
  });
});
