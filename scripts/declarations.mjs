// The library's declarations, one .d.ts per source file of lib and widgets (tsconfig.lib.json),
// written afresh into .tmp/types for tsup's declaration step to bundle per entry (tsup.config.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './setup.mjs';

rmSync(join(root, '.tmp', 'types'), { recursive: true, force: true });
run('npx tsc -p tsconfig.lib.json');
