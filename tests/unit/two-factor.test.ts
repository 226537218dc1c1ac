// The pure rules of two-factor sign-in and sessions: who must have it, what counts as a code or a
// recovery code, and how a session is described without its whole address.
import { describe, expect, it } from 'vitest';
import { addressPrefix, deviceOf, readSecondFactor, twoFactorRequiredFor } from '../../lib/domain/two-factor';
import { createTransport, SyncError } from '../../lib/sync/transport';

describe('two-factor rules', () => {
  it('asks it of nobody, of Admins only, or of everyone', () => {
    expect(twoFactorRequiredFor('nobody', 'Admin')).toBe(false);
    expect(twoFactorRequiredFor('admins', 'Admin')).toBe(true);
    expect(twoFactorRequiredFor('admins', 'Editor')).toBe(false);
    expect(twoFactorRequiredFor('admins', 'Viewer')).toBe(false);
    expect(twoFactorRequiredFor('everyone', 'Viewer')).toBe(true);
  });

  it('reads a 6-digit code or a recovery code whatever the spaces, dashes and letter case', () => {
    expect(readSecondFactor(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactor('ABCDE-FGHJK')).toEqual({ kind: 'recovery', code: 'abcdefghjk' });
    expect(readSecondFactor('abcde fghjk')).toEqual({ kind: 'recovery', code: 'abcdefghjk' });
    // Letters that read like digits are not in recovery codes; a 5-digit or 7-digit code is neither.
    for (const wrong of ['12345', '1234567', 'abcde-fghj0', 'abcde-fghjl', '', 'drop table']) expect(readSecondFactor(wrong)).toEqual({ kind: 'invalid' });
  });

  it('names a place by its address prefix only', () => {
    expect(addressPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressPrefix('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(addressPrefix('2001:0db8::1')).toBe('2001:db8:0::/48');
    expect(addressPrefix('::1')).toBe('0:0:0::/48');
    expect(addressPrefix('not an address')).toBe('');
    for (const full of ['203.0.113.77', '2001:db8:85a3:8d3:1319:8a2e:370:7348']) expect(addressPrefix(full)).not.toContain(full.split(/[.:]/).at(-1));
  });

  it('names a device from its user agent', () => {
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe('Firefox on macOS');
    expect(deviceOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceOf('curl/8.5.0')).toBe('');
    expect(deviceOf(undefined)).toBe('');
  });
});

describe('a sync request refused because two-factor is now required', () => {
  it('reads as signed out (sign in again, then set it up), not as a server to retry', async () => {
    const request = createTransport({
      server: 'http://team.test',
      fetch: async () =>
        new Response(JSON.stringify({ error: 'Your workspace requires two-factor sign-in: turn it on to continue', code: 'twoFactorRequired' }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const refused = await request('/sync/pull?since=0').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(SyncError);
    expect(refused).toMatchObject({ kind: 'signed-out', status: 403 });
  });
});
