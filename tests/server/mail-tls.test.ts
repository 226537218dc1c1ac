// Mail credentials never go out in the clear: with SMTP_URL=smtp://user:password@host, a mail
// server that offers no STARTTLS (or a path that strips it) gets no AUTH and no password; the
// message waits and Settings' mail line says why. The test's server is on this machine, so the
// server is told to treat it as remote (as a mail host elsewhere would be); told the truth, the
// same server gets the login, which shows the test can tell the two apart.
import { afterEach, describe, expect, it } from 'vitest';
import { NO_TLS_REASON } from '../../server/mail/transport';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { smtpReceiver, type Receiver } from './smtp';

const USER = 'cf-mailer';
const PASSWORD = 'smtp-Pa55word-never-in-clear';

describe.each(DB_KINDS)('SMTP credentials and TLS on %s', (kind) => {
  let smtp: Receiver | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await smtp?.close();
    server = smtp = undefined;
  });

  const start = async (remote: boolean) => {
    smtp = await smtpReceiver({ auth: true });
    server = await startServer(kind, {
      limits: { perAddress: { max: 1000, windowMs: 60_000 } },
      mail: {
        settings: { smtpUrl: `smtp://${USER}:${PASSWORD}@127.0.0.1:${smtp.port}`, from: 'team@creatorflow.test', dir: '/nonexistent' },
        deliverEveryMs: false,
        ...(remote ? { transportOptions: { isLoopback: () => false } } : {}),
      },
    });
    expect((await server.client().post('/auth/forgot', { email: USERS.owner.email })).statusCode).toBe(200);
    await server.app.mail!.deliverDue();
    return { smtp, server };
  };

  it('a remote server without STARTTLS gets no password: the message waits and Settings says why', async () => {
    const { smtp, server } = await start(true);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.logins).toHaveLength(0);
    const traffic = smtp.traffic();
    expect(traffic).toContain('STARTTLS');
    expect(traffic).not.toMatch(/AUTH/i);
    for (const form of [PASSWORD, Buffer.from(PASSWORD).toString('base64'), Buffer.from(`\0${USER}\0${PASSWORD}`).toString('base64')]) expect(traffic).not.toContain(form);
    const owner = await server.signIn('owner');
    const status = await owner.get('/mail/status');
    expect(status.statusCode).toBe(200);
    expect(json(status)).toMatchObject({ transport: 'smtp', lastFailure: { reason: NO_TLS_REASON, givenUp: false } });
    expect(server.logs.join('\n')).not.toContain(PASSWORD);
  });

  it('the same server on this machine gets the login and the message (the check above can fail)', async () => {
    const { smtp } = await start(false);
    expect(smtp.logins).toEqual([{ username: USER, password: PASSWORD }]);
    expect(smtp.received).toHaveLength(1);
  });
});
