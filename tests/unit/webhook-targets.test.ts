// The webhook target classifier: every inside range refused in every spelling (IPv4-mapped,
// NAT64, bracketed, zone ids), loopback allowed only with the development setting, and names
// judged by every address they resolve to.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { checkTarget, classifyAddress, type Resolver } from '../../server/webhooks/targets';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:c0a8:1', 'private'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.254', 'shared'],
    ['::ffff:100.64.0.1', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['ff02::1', 'reserved'],
    ['93.184.215.14', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('is null for what is not an address', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('256.1.1.1')).toBeNull();
    expect(classifyAddress('1.2.3')).toBeNull();
  });
});

describe('checkTarget', () => {
  const resolving =
    (table: Record<string, string[]>): Resolver =>
    async (host) =>
      (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const check = (url: string, allowLoopback: boolean, table: Record<string, string[]> = {}) => checkTarget(new URL(url), { allowLoopback, resolve: resolving(table) });

  it('accepts a public name and answers the address to connect to', async () => {
    expect(await check('https://hooks.example.com/in', false, { 'hooks.example.com': ['93.184.215.14'] })).toEqual({ ok: true, address: { address: '93.184.215.14', family: 4 } });
  });

  it('refuses a name when any of its addresses is inside', async () => {
    const result = await check('https://mixed.example.com/in', false, { 'mixed.example.com': ['93.184.215.14', '10.0.0.7'] });
    expect(result).toEqual({ ok: false, kind: 'private', host: 'mixed.example.com', error: 'Endpoint URL must be on the public internet: mixed.example.com is a private network' });
  });

  it('refuses metadata names before any look-up, and names that do not resolve', async () => {
    expect(await check('https://metadata.google.internal/computeMetadata', true)).toMatchObject({ ok: false, kind: 'metadata' });
    expect(await check('https://nowhere.example.com/', false)).toMatchObject({ ok: false, kind: 'unresolved', error: 'Endpoint URL: nowhere.example.com could not be resolved' });
  });

  it('allows loopback only with the development setting, and nothing else inside even then', async () => {
    for (const url of ['http://127.0.0.1:9/h', 'http://[::1]:9/h', 'http://localhost:9/h']) {
      expect(await check(url, false, { localhost: ['127.0.0.1'] })).toMatchObject({ ok: false, kind: 'loopback' });
      expect(await check(url, true, { localhost: ['127.0.0.1', '::1'] })).toMatchObject({ ok: true });
    }
    for (const url of ['https://10.0.0.1/', 'https://172.16.0.1/', 'https://192.168.0.1/', 'https://169.254.169.254/', 'https://100.64.0.1/', 'https://[fd00:ec2::254]/', 'https://[::ffff:10.0.0.1]/'])
      expect(await check(url, true)).toMatchObject({ ok: false });
    expect(await check('https://sneaky.example.com/', true, { 'sneaky.example.com': ['192.168.1.1'] })).toMatchObject({ ok: false, kind: 'private' });
  });
});

describe('CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK', () => {
  it('is off unless set to 1 (or true)', () => {
    expect(readConfig({}, '/srv/cf').webhooksAllowLoopback).toBe(false);
    expect(readConfig({ CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK: '0' }, '/srv/cf').webhooksAllowLoopback).toBe(false);
    expect(readConfig({ CREATORFLOW_WEBHOOKS_ALLOW_LOOPBACK: '1' }, '/srv/cf').webhooksAllowLoopback).toBe(true);
  });
});
