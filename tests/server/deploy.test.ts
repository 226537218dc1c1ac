// The deploy/ files: Debian's nginx checks the proxy config (nginx -t, rendered for loopback
// ports, temporary paths and a throwaway certificate), systemd-analyze verifies the unit where
// it is installed, and the settings the event stream and the graceful stop depend on are held
// in place. The Dockerfile and compose file are not run here (no container runtime).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEARTBEAT_MS } from '../../lib/sync/protocol';
import { ConfigError, readConfig } from '../../server/config';
import { SHUTDOWN_BOUND_MS } from '../../server/http/shutdown';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, 'deploy', path), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'cf-deploy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** deploy/nginx.conf for this machine: loopback ports, files in `dir`, a self-signed certificate. */
function renderNginx(config: string, options: { dir: string; httpPort: number; httpsPort: number; upstreams: number[]; cert: string; key: string }): string {
  let text = config
    .replace(/^user .*;$/m, '')
    .replace('pid /run/nginx.pid;', `pid ${options.dir}/nginx.pid;`)
    .replaceAll('/var/log/nginx/', `${options.dir}/`)
    .replace(/^ *listen \[::\].*$/gm, '')
    .replace('listen 80;', `listen 127.0.0.1:${options.httpPort};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${options.httpsPort} ssl http2;`)
    .replace('/etc/ssl/certs/creatorflow.pem', options.cert)
    .replace('/etc/ssl/private/creatorflow.key', options.key);
  const upstreams = [...text.matchAll(/^ *server 127\.0\.0\.1:\d+ (.*);$/gm)];
  expect(upstreams.length).toBe(options.upstreams.length);
  upstreams.forEach((line, i) => (text = text.replace(line[0], `    server 127.0.0.1:${options.upstreams[i]} ${line[1]};`)));
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) text = text.replace(/^http \{$/m, `http {\n  ${temp}_temp_path ${options.dir}/${temp};`);
  return text;
}

describe('deploy/', () => {
  it('nginx -t accepts the proxy config, rendered for loopback', () => {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    const config = join(dir, 'nginx.conf');
    writeFileSync(config, renderNginx(read('nginx.conf'), { dir, httpPort: 18080, httpsPort: 18443, upstreams: [14101, 14102, 14103], cert, key }));
    const checked = spawnSync('/usr/sbin/nginx', ['-t', '-c', config, '-e', join(dir, 'error.log')], { encoding: 'utf8' });
    expect(checked.stderr).toContain('test is successful');
    expect(checked.status).toBe(0);
  });

  it('passes the event stream unbuffered over HTTP/1.1, with a read timeout above the heartbeat, and trusts only the proxy', () => {
    const config = read('nginx.conf');
    const events = /location = \/sync\/events \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(events).toContain('proxy_buffering off;');
    const timeout = Number(/proxy_read_timeout (\d+)s;/.exec(events)?.[1]);
    expect(timeout * 1000).toBeGreaterThan(HEARTBEAT_MS * 5);
    expect(config).toContain('proxy_http_version 1.1;');
    expect(config).toContain('proxy_set_header Connection "";');
    // Replaced with the address that connected, never appended to what a client sent.
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(config).toContain('TRUST_PROXY=127.0.0.1');
    // The compose copy is the same config but for its container names, certificate folder and user.
    const compose = read('nginx.compose.conf');
    const body = (text: string) => text.slice(text.indexOf('worker_processes'));
    expect(body(compose)).toBe(
      body(config)
        .replace(/server 127\.0\.0\.1:410(\d)/g, 'server server$1:4173')
        .replace('/etc/ssl/certs/creatorflow.pem', '/etc/ssl/creatorflow/creatorflow.pem')
        .replace('/etc/ssl/private/creatorflow.key', '/etc/ssl/creatorflow/creatorflow.key'),
    );
  });

  it('TRUST_PROXY takes the proxy\'s addresses, so only they may say who connected', () => {
    const trusted = (value: string) => readConfig({ TRUST_PROXY: value }, root).trustProxy;
    expect(trusted('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trusted('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    expect(trusted('1')).toBe(true);
    expect(trusted('')).toBe(false);
    expect(() => trusted('proxy.internal')).toThrow(ConfigError);
  });

  it('the systemd unit stops with SIGTERM and waits longer than the graceful stop takes (systemd-analyze verify where installed)', () => {
    const unit = read('creatorflow@.service');
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)s$/m.exec(unit)?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(SHUTDOWN_BOUND_MS);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --import tsx server\/main\.ts$/m);
    expect(read('compose.yaml')).toContain('stop_grace_period: 15s');
    if (!existsSync('/usr/bin/systemd-analyze')) {
      console.warn('systemd-analyze is not installed here: the unit file was checked as text only');
      return;
    }
    const instance = join(dir, 'creatorflow@4101.service');
    writeFileSync(instance, unit);
    const verified = spawnSync('/usr/bin/systemd-analyze', ['verify', instance], { encoding: 'utf8' });
    expect(`${verified.stdout}${verified.stderr}`.trim()).toBe('');
    expect(verified.status).toBe(0);
  });
});
