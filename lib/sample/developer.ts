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
