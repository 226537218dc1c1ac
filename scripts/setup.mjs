// Shared by `npm start` and `npm test`: install what is missing, on a fresh clone too.
import { execSync, spawn, spawnSync } from 'node:child_process';
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

/**
 * Runs `command` with its output folded into one status line: on a terminal the line shows the
 * latest step in place, elsewhere only the closing line is printed. apt and dpkg print several
 * lines per package, which would bury the test output; on failure the whole output is printed.
 */
export function runWithProgress(command, label) {
  console.log(`\n$ ${command}`);
  return new Promise((resolveRun) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    let packages = 0;
    const live = Boolean(process.stdout.isTTY);
    const show = (text) => {
      if (live) process.stdout.write(`\r\x1b[K${text.slice(0, (process.stdout.columns || 80) - 1)}`);
    };
    const take = (chunk) => {
      for (const line of String(chunk).split(/\r?\n/)) {
        if (!line.trim()) continue;
        output.push(line);
        if (/^Setting up /.test(line)) packages += 1;
        show(`${label}: ${packages} packages set up · ${line.trim()}`);
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      if (live) process.stdout.write('\r\x1b[K');
      if (code !== 0) {
        console.error(output.join('\n'));
        console.error(`\n✗ ${command} failed (exit ${code})`);
        process.exit(code ?? 1);
      }
      console.log(`${label}: done, ${packages} packages set up`);
      resolveRun();
    });
  });
}

/** The path of Debian's Chromium, installing it with apt when absent and allowed (root). */
export async function ensureChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = which('chromium') ?? which('chromium-browser');
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('Chromium is not installed. Install Debian\'s package: sudo apt-get install -y chromium');
    process.exit(1);
  }
  await runWithProgress('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o Dpkg::Use-Pty=0 chromium', 'Installing Chromium');
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
