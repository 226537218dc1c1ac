// Removes the previous build so no stale chunk is served or measured.
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';

rmSync(resolve(import.meta.dirname, '..', 'dist'), { recursive: true, force: true });
