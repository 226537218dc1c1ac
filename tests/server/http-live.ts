// A test server listening on 127.0.0.1 (a free port), driven with fetch as a browser or a
// proxy would: sign-in cookies, pushes and the event stream over real sockets.
import { get as httpGet } from 'node:http';
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { SYNC_PATHS, type PushResponse } from '../../lib/sync/protocol';
import { USERS, type UserKey } from './fixture';

export interface LiveSession {
  base: string;
  cookie: string;
}

/** Starts listening on a free loopback port; resolves with its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/** Signs in over HTTP; the session cookie as a browser would send it back. */
export async function signInLive(base: string, user: UserKey): Promise<LiveSession> {
  const response = await fetch(`${base}/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: USERS[user].email, password: USERS[user].password }),
  });
  expect(response.status).toBe(200);
  return { base, cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ') };
}

/** Pushes mutations as a browser does; the raw response. */
export function pushLive(session: LiveSession, clientID: string, mutations: { id: number; name: string; args: unknown; meta: unknown }[]) {
  return fetch(`${session.base}${SYNC_PATHS.push}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, origin: session.base },
    body: JSON.stringify({ clientID, mutations }),
  });
}

export type { PushResponse };

/** Registers a webhook endpoint for funnel.status.updated as an Admin (the tests' sender never connects to it). */
export async function registerWebhookLive(admin: LiveSession, url = 'http://127.0.0.1:9/hooks') {
  const response = await fetch(`${admin.base}/developer/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: admin.cookie, origin: admin.base },
    body: JSON.stringify({ url, events: ['funnel.status.updated'] }),
  });
  expect(response.status).toBe(201);
}

/** The saved step that moves funnel CR12349 to Production (so it queues one funnel.status.updated). */
export const MOVING_STEP = { name: 'funnels.saveStep', args: { funnelId: 'CR12349', stepIndex: 3, draft: { name: 'Content Production', description: 'Go' } } };

/** An open event stream: its text so far, and whether it ended. */
export interface LiveStream {
  status: number;
  text(): string;
  /** Resolves once the stream's text satisfies `match` (rejects if it ends first). */
  until(match: (text: string) => boolean): Promise<string>;
  ended: Promise<void>;
  close(): void;
}

export async function openStream(session: LiveSession): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${session.base}${SYNC_PATHS.events}`, { headers: { cookie: session.cookie, accept: 'text/event-stream' }, signal: controller.signal });
  let text = '';
  const waiters = new Set<() => void>();
  let finished = false;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      finished = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    text: () => text,
    ended,
    close: () => controller.abort(),
    until: (match) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (match(text)) {
            waiters.delete(check);
            resolve(text);
          } else if (finished) {
            waiters.delete(check);
            reject(new Error(`The stream ended without the awaited text:\n${text}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

/** A GET on a connection of its own (no pooled keep-alive socket): its status and body. */
export function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

/** Whether something listens on `port` of 127.0.0.1 (a new TCP connection is accepted). */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `check` every 50 ms until it holds (the caller's test timeout bounds the wait). */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}
