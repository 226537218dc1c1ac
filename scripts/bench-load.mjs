#!/usr/bin/env node
// The load half of the sync bench, run as its own process so the load generator never shares
// an event loop with the server or the bench: `connections` clients push one mutation each
// per request to /sync/push, at `rate` pushes per second in all, for `seconds`, on
// loopback. Reads its settings as JSON from argv[2]; prints autocannon's summary as JSON.
import autocannon from 'autocannon';

const settings = JSON.parse(process.argv[2]);
const { url, cookie, origin, items, connections, rate, seconds } = settings;

const instance = autocannon({
  url: `${url}/sync/push`,
  method: 'POST',
  connections,
  overallRate: rate,
  // Bounded in time (autocannon ignores `duration` when given `amount`), and so in count: at
  // most `rate` × `seconds` pushes.
  duration: seconds,
  timeout: 10,
  headers: { cookie, origin, 'content-type': 'application/json' },
  requests: [
    {
      // `context` belongs to one connection: each connection is one client, numbering its own mutations.
      setupRequest(request, context) {
        context.clientID ??= `load${Math.random().toString(36).slice(2, 10)}`;
        context.next = (context.next ?? 0) + 1;
        const id = context.next;
        const body = JSON.stringify({
          clientID: context.clientID,
          mutations: [
            {
              id,
              name: 'inventory.setQuantity',
              args: { id: items[id % items.length], quantity: String(100 + (id % 800)) },
              meta: { now: new Date().toISOString(), idSeed: `${context.clientID}-${id}` },
            },
          ],
        });
        return { ...request, body };
      },
    },
  ],
});

const result = await instance;
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    durationS: result.duration,
    ratePerS: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.average },
  })}\n`,
);
