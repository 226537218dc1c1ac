// Runs the campaign against a team server: CREATORFLOW_URL and CREATORFLOW_API_KEY (an Editor or Admin key).
import { createClient } from 'creatorflow/client';
import { runCampaign } from './campaign';

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const api = createClient({ baseUrl: env.CREATORFLOW_URL ?? 'http://localhost:4173', apiKey: env.CREATORFLOW_API_KEY ?? '' });
const result = await runCampaign(api, `client_${Date.now()}`, env.CREATORFLOW_SKU ?? 'SKU-001');
console.log(JSON.stringify(result, null, 2));
