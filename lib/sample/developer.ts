// Fixed content of the developer area (spec §2 "Developer area", §7 "The calls it makes").
export { defaultWebhookSettings } from './defaults';
import type { ApiEndpointDoc } from '../domain/types';

export const API_BASE_URL = 'https://api.creatorflow.example';

/** The two documented public endpoints (spec §7). */
export const API_ENDPOINTS: readonly ApiEndpointDoc[] = [
  {
    method: 'GET',
    path: '/api/v1/creators',
    description: 'List the creators in your workspace, newest first.',
    parameters: [
      { name: 'limit', type: 'number', required: false, description: 'Maximum number of creators to return (default 20, at most 100).' },
      { name: 'status', type: 'string', required: false, description: 'Only creators whose funnel has this status: Brief, Confirmation, Contract, Production or Shipped.' },
    ],
    statusCode: 200,
    response: JSON.stringify(
      {
        creators: [
          { id: 'CR12345', name: 'Sarah Johnson', handle: '@sarahjstyle', platform: 'Instagram', status: 'Production' },
          { id: 'CR12346', name: 'Mike Chen', handle: '@mikechentech', platform: 'YouTube', status: 'Confirmation' },
        ],
        total: 2,
      },
      null,
      2,
    ),
  },
  {
    method: 'POST',
    path: '/api/v1/funnels',
    description: 'Start a funnel for a creator.',
    parameters: [
      { name: 'creatorId', type: 'string', required: true, description: 'The creator to start the funnel for, e.g. CR12345.' },
      { name: 'type', type: 'string', required: true, description: 'The engagement type, e.g. "Sponsored Post" or "Product Review".' },
    ],
    statusCode: 201,
    response: JSON.stringify({ id: 'FN10001', status: 'Brief' }, null, 2),
  },
];

/** Webhooks tab defaults: no endpoint yet, every event type on. */


export interface SdkExample {
  id: string;
  label: string;
  code: string;
}

/** SDK examples: plain text shown in <pre>, never executed. */
export function sdkExamples(): SdkExample[] {
  return [
    {
      id: 'javascript',
      label: 'JavaScript',
      code: `const response = await fetch('${API_BASE_URL}/api/v1/creators?limit=10&status=Production', {
  headers: { Authorization: \`Bearer \${process.env.CREATORFLOW_API_KEY}\` },
});
const { creators, total } = await response.json();
console.log(\`\${total} creators\`, creators);`,
    },
    {
      id: 'python',
      label: 'Python',
      code: `import os, requests

response = requests.post(
    "${API_BASE_URL}/api/v1/funnels",
    headers={"Authorization": f"Bearer {os.environ['CREATORFLOW_API_KEY']}"},
    json={"creatorId": "CR12345", "type": "Sponsored Post"},
)
assert response.status_code == 201
print(response.json())  # {"id": "...", "status": "Brief"}`,
    },
    {
      id: 'curl',
      label: 'cURL',
      code: `curl "${API_BASE_URL}/api/v1/creators?limit=10" \\
  -H "Authorization: Bearer $CREATORFLOW_API_KEY"`,
    },
  ];
}
