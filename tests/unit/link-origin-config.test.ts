// The server's link origin from its settings: CREATORFLOW_PUBLIC_URL, or http://localhost:PORT
// while it listens on loopback; listening elsewhere without a public URL is refused at start.
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config';
import { isLoopbackHost } from '../../server/http/links';

describe('the link origin in the server settings', () => {
  it('is unset on loopback (links then say http://localhost:PORT)', () => {
    for (const HOST of [undefined, '127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(readConfig({ ...(HOST ? { HOST } : {}) }, '/srv/cf').publicOrigin).toBeUndefined();
  });

  it('refuses a server others can reach without a public URL, naming the setting', () => {
    for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'creatorflow.internal']) {
      expect(() => readConfig({ HOST }, '/srv/cf')).toThrow(ConfigError);
      expect(() => readConfig({ HOST }, '/srv/cf')).toThrow(/set CREATORFLOW_PUBLIC_URL/);
    }
  });

  it('takes the public URL’s origin: scheme, host and port, lower case, no path', () => {
    expect(readConfig({ HOST: '0.0.0.0', CREATORFLOW_PUBLIC_URL: 'https://CF.Example.com/app/' }, '/srv/cf').publicOrigin).toBe('https://cf.example.com');
    expect(readConfig({ CREATORFLOW_PUBLIC_URL: 'http://10.0.0.5:8080' }, '/srv/cf').publicOrigin).toBe('http://10.0.0.5:8080');
  });

  it('refuses a public URL that is not http(s) or carries credentials', () => {
    for (const CREATORFLOW_PUBLIC_URL of ['cf.example.com', 'javascript:alert(1)', 'ftp://cf.example.com', 'https://user:pass@cf.example.com']) {
      expect(() => readConfig({ CREATORFLOW_PUBLIC_URL }, '/srv/cf')).toThrow(/CREATORFLOW_PUBLIC_URL must be an http\(s\) URL/);
    }
  });

  it('knows loopback: localhost, 127.0.0.0/8 and ::1 only', () => {
    expect(['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]', 'LOCALHOST'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'example.com', '::ffff:10.0.0.1'].some(isLoopbackHost)).toBe(false);
  });
});
