// The Developer area's SDK examples (examples/sdk/) run as a reader would run them, against a
// team server on loopback, on PGlite and PostgreSQL: the creatorflow/client script and the curl
// commands with an API key in the environment, and the webhook receiver verifying a real
// delivery with the endpoint's signing secret (and refusing one signed with another).
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/processes.mjs';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

const root = resolve(import.meta.dirname, '../..');
const TSX = ['--import', 'tsx'];

/** Runs a command to its end without blocking this process (the server under test lives here). */
function runToEnd(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('close', (status) => done({ status, stdout, stderr }));
  });
}

/** Starts a process and resolves once its output matches `line`; rejects when it exits first. */
function startUntil(args: string[], env: Record<string, string>, line: RegExp) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeners = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((done, fail) => {
      const check = () => {
        const match = pattern.exec(output);
        if (match) {
          listeners.delete(check);
          done(match[0]);
        }
      };
      listeners.add(check);
      child.once('exit', () => fail(new Error(`exited before ${pattern}:\n${output}`)));
      check();
    });
  return { child, ready: waitFor(line), waitFor, output: () => output };
}

describe.each(DB_KINDS)('the SDK examples on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  let apiKey: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // The real clock: the receiver checks the signature's timestamp against its own.
    server = await startServer(kind, { now: () => new Date(), limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, allowLoopback: true } });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await server.signIn('owner');
    apiKey = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill();
    await server?.close();
  });

  it('runs the creatorflow/client example with a key from the environment', async () => {
    const run = await runToEnd(process.execPath, [...TSX, 'examples/sdk/client.ts'], { CREATORFLOW_URL: baseUrl, CREATORFLOW_API_KEY: apiKey });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [created, counted] = run.stdout.trim().split('\n');
    expect(created).toMatch(/^created CR\d+ \(Brief\)$/);
    const all = await fetch(`${baseUrl}/api/v1/creators?limit=100`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(counted).toBe(`${((await all.json()) as { creators: unknown[] }).creators.length} creators`);

    // Without a key it fails with the API's answer.
    const refused = await runToEnd(process.execPath, [...TSX, 'examples/sdk/client.ts'], { CREATORFLOW_URL: baseUrl, CREATORFLOW_API_KEY: '' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('401');
  });

  it('runs the curl example: a funnel started, then the creators in Brief', async () => {
    const run = await runToEnd('sh', ['examples/sdk/curl.sh'], { CREATORFLOW_URL: baseUrl, CREATORFLOW_API_KEY: apiKey });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const [funnel, creators] = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(funnel).toMatchObject({ status: 'Brief' });
    expect((creators.creators as { id: string; status: string }[]).some((c) => c.id === funnel.id && c.status === 'Brief')).toBe(true);

    const refused = await runToEnd('sh', ['examples/sdk/curl.sh'], { CREATORFLOW_URL: baseUrl, CREATORFLOW_API_KEY: 'sk_test_wrong' });
    expect(refused.status).not.toBe(0);
  });

  it('runs the receiver: a real delivery verifies with the signing secret, a forged one is refused', async () => {
    const owner = await server.signIn('owner');
    const port = (await freePort());
    const registered = await owner.post('/developer/webhooks', { url: `http://127.0.0.1:${port}/hooks`, events: ['funnel.status.updated'] });
    expect(registered.statusCode).toBe(201);
    const { secret, endpoint } = json<{ secret: string; endpoint: { id: string } }>(registered);
    const receiver = startUntil([...TSX, 'examples/sdk/receiver.ts'], { PORT: String(port), CREATORFLOW_WEBHOOK_SECRET: secret }, /listening on/);
    children.push(receiver.child);
    await receiver.ready;

    expect((await owner.post(`/developer/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(202);
    const verified = receiver.waitFor(/verified funnel\.status\.updated/);
    while ((await server.app.webhooks.deliverDue()) > 0);
    await verified;

    // Same shape, signed with another secret: refused.
    const id = 'msg_forged';
    const timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify({ type: 'funnel.status.updated', data: {} });
    const signature = createHmac('sha256', Buffer.from('another secret, not the endpoint one')).update(`${id}.${timestamp}.${body}`).digest('base64');
    const forged = await fetch(`http://127.0.0.1:${port}/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` },
      body,
    });
    expect(forged.status).toBe(401);
    await receiver.waitFor(/refused a delivery with a bad signature/);
    expect(receiver.output().split('\n').filter((line) => /verified|refused/.test(line))).toEqual(['verified funnel.status.updated', 'refused a delivery with a bad signature']);
  });
});
