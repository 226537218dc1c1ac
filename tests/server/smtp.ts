// A real SMTP server for tests, on a free loopback port (smtp-server); mailparser reads what
// it receives as a mail client would.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  mail: ParsedMail;
  raw: string;
}

/** An SMTP server on a free loopback port; `hold()` makes it wait before accepting each message until `release()`. */
export async function smtpReceiver(options: { reject?: string } = {}) {
  const received: Received[] = [];
  let started = 0;
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
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
