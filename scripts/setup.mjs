// Shared by `npm start` and `npm test`: install what is missing, on a fresh clone too.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

export function run(command, options = {}) {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true, ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

/** npm ci when node_modules is missing or does not hold what the lockfile asks for. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && (statSync(marker).mtimeMs >= statSync(lock).mtimeMs || installedMatchesLock(marker, lock))) return;
  run('npm ci --no-audit --no-fund');
}

/**
 * A lockfile touched after the install (a checkout, a rebase) is not a reason to reinstall:
 * compare what is installed with what the lockfile lists (optional platform packages may be absent).
 */
function installedMatchesLock(marker, lock) {
  try {
    const wanted = JSON.parse(readFileSync(lock, 'utf8')).packages ?? {};
    const installed = JSON.parse(readFileSync(marker, 'utf8')).packages ?? {};
    return Object.entries(wanted).every(
      ([path, entry]) => !path.startsWith('node_modules/') || (entry.optional && !installed[path]) || installed[path]?.version === entry.version,
    );
  } catch {
    return false;
  }
}

/** The path of Debian's Chromium, installing it with apt when absent and allowed (root). */
export function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = which('chromium') ?? which('chromium-browser');
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('Chromium is not installed. Install Debian\'s package: sudo apt-get install -y chromium');
    process.exit(1);
  }
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  const installed = which('chromium');
  if (!installed) {
    console.error('Chromium could not be installed.');
    process.exit(1);
  }
  return installed;
}

function which(name) {
  try {
    return execSync(`command -v ${name}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
