// creatorflow/client: typed calls to your workspace's API with an API key from the Developer area.
// Run: CREATORFLOW_API_KEY=sk_test_… npx tsx client.ts
import { createClient } from 'creatorflow/client';

const api = createClient({
  baseUrl: process.env.CREATORFLOW_URL ?? 'http://localhost:4173',
  apiKey: process.env.CREATORFLOW_API_KEY ?? '',
});

// Add a creator; a funnel starts for it in Brief.
const created = await api.POST('/api/v1/creators', {
  body: { name: 'Jamie Lee', handle: 'jamielee', platform: 'Instagram', followers: 12_000 },
});
if (!created.data) throw new Error(`${created.response.status}: ${created.error?.error}`);
console.log(`created ${created.data.id} (${created.data.status})`);

// Every creator, page by page.
let count = 0;
for await (const creator of api.list('/api/v1/creators')) count += creator.id ? 1 : 0;
console.log(`${count} creators`);
