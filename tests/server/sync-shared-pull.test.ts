// After a poke, every connected client pulls what changed since the version it holds: the server
// reads those records once per (workspace, since, version, role) and answers every such pull from
// them, each client with its own last mutation id, each role as it may see the records.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { createPullAnswers } from '../../server/sync/pull-answers';
import { USERS } from './fixture';
import { DB_KINDS, json, OFFLINE_WEBHOOKS, startServer, type Client, type TestServer } from './harness';

const HOOK = 'https://hooks.example.com/private-path';

const pull = async (client: Client, since: number, clientID: string) => json<PullResponse>(await client.get(`/sync/pull?since=${since}&clientID=${clientID}`));

const developerOf = (answer: PullResponse) => answer.records.find((r) => r.collection === 'singletons' && r.id === 'developer')?.value as { endpointUrl: string } | undefined;

describe.each(DB_KINDS)('pull answers shared by the clients asking for them, on %s', (kind) => {
  let server: TestServer;
  const answers = createPullAnswers();
  let owner: Client;
  let editor: Client;
  let pushed = 0;

  async function push(name: string, args: unknown) {
    pushed += 1;
    const response = await owner.post('/sync/push', {
      clientID: 'owner-tab',
      memberId: USERS.owner.memberId,
      mutations: [{ id: pushed, name, args, meta: { now: server.clock.now().toISOString(), idSeed: `shared${pushed}` } }],
    });
    expect(json<PushResponse>(response).results).toEqual([{ id: pushed, ok: true }]);
  }

  beforeAll(async () => {
    server = await startServer(kind, { pullAnswers: answers, webhooks: OFFLINE_WEBHOOKS });
    owner = await server.signIn('owner');
    editor = await server.signIn('editor');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads a change once for all the clients of a role, answers each with its own last mutation, and keeps an Admin secret from an Editor', async () => {
    const { version: before } = await pull(owner, 0, 'owner-tab');
    await push('developer.saveWebhookSettings', { endpointUrl: HOOK, events: ['order.created'] });
    const reads = answers.counts.reads;
    const shared = answers.counts.shared;

    const [ownTab, ...others] = await Promise.all([
      pull(owner, before, 'owner-tab'),
      ...Array.from({ length: 9 }, (_, i) => pull(owner, before, `owner-other-${i}`)),
      ...Array.from({ length: 10 }, (_, i) => pull(editor, before, `editor-${i}`)),
    ]);
    const owners = [ownTab, ...others.slice(0, 9)];
    const editors = others.slice(9);
    // One read for the Admins, one for the Editors; the other eighteen pulls shared them.
    expect(answers.counts.reads - reads).toBe(2);
    expect(answers.counts.shared - shared).toBe(18);

    for (const answer of [...owners, ...editors]) {
      expect(answer.version).toBe(before + 1);
      expect(answer.full).toBe(false);
    }
    expect(ownTab.lastMutationID).toBe(pushed);
    for (const answer of others) expect(answer.lastMutationID).toBe(0);
    for (const answer of owners) expect(developerOf(answer)?.endpointUrl).toBe(HOOK);
    for (const answer of editors) {
      expect(developerOf(answer)).toBeDefined();
      expect(developerOf(answer)?.endpointUrl).toBe('');
      expect(JSON.stringify(answer)).not.toContain('private-path');
    }
  });

  it('answers from the records of the newest version once another change commits', async () => {
    const { version: before } = await pull(owner, 0, 'owner-tab');
    await push('developer.saveWebhookSettings', { endpointUrl: `${HOOK}-2`, events: ['order.created'] });
    const first = await pull(editor, before, 'editor-a');
    expect(first.version).toBe(before + 1);
    const reads = answers.counts.reads;

    await push('developer.saveWebhookSettings', { endpointUrl: `${HOOK}-3`, events: ['order.created'] });
    // The same question as before: the kept answer is of an older version, so the records are read again.
    const again = await pull(editor, before, 'editor-b');
    expect(answers.counts.reads - reads).toBe(1);
    expect(again.version).toBe(before + 2);
    const admins = await pull(owner, before, 'owner-b');
    expect(developerOf(admins)?.endpointUrl).toBe(`${HOOK}-3`);
    // And the same records as a pull that shares nothing (the whole workspace) holds.
    const whole = await pull(owner, 0, 'owner-c');
    expect(developerOf(admins)).toEqual(developerOf(whole));
    expect(admins.records.filter((r) => r.collection === 'activity').length).toBeGreaterThan(0);
  });
});
