// A real SMTP server for tests, on a free loopback port (smtp-server); mailparser reads what
// it receives as a mail client would.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  mail: ParsedMail;
  raw: string;
}

/**
 * An SMTP server on a free loopback port; `hold()` makes it wait before accepting each message
 * until `release()`. It never offers STARTTLS. With `auth`, it accepts any AUTH (even without
 * TLS, as a careless or hostile server would) and records each login; `traffic()` is every byte
 * clients sent it.
 */
export async function smtpReceiver(options: { reject?: string; auth?: boolean } = {}) {
  const received: Received[] = [];
  const logins: { username?: string; password?: string }[] = [];
  const bytes: Buffer[] = [];
  let started = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: options.auth ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
    allowInsecureAuth: options.auth === true,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password ?? undefined });
      callback(null, { user: auth.username });
    },
    logger: false,
    onData(stream, _session, callback) {
      started++;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          if (gate) await gate;
          if (options.reject) return callback(Object.assign(new Error(options.reject), { responseCode: 550 }));
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ mail: await simpleParser(raw), raw });
          callback();
        })();
      });
    },
  });
  server.server.on('connection', (socket: import('node:net').Socket) => socket.on('data', (chunk: Buffer) => bytes.push(chunk)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    logins,
    traffic: () => Buffer.concat(bytes).toString('latin1'),
    started: () => started,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof smtpReceiver>>;
