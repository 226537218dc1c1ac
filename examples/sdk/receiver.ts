// A webhook receiver: verifies each delivery's signature with the endpoint's signing secret
// (whsec_…, shown once when you add the endpoint) before trusting it.
// Run: CREATORFLOW_WEBHOOK_SECRET=whsec_… npx tsx receiver.ts
import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.CREATORFLOW_WEBHOOK_SECRET ?? '');

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    try {
      const event = webhook.verify(body, request.headers as Record<string, string>) as { type: string };
      console.log(`verified ${event.type}`);
      response.writeHead(204).end();
    } catch {
      console.log('refused a delivery with a bad signature');
      response.writeHead(401).end();
    }
  });
});

server.listen(Number(process.env.PORT ?? 8787), '127.0.0.1', () => console.log(`listening on ${JSON.stringify(server.address())}`));
