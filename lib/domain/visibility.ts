// What each role may receive of the workspace. Integration configuration (credential hints)
// and webhook endpoint URLs are for Admins: an endpoint URL often carries a token, and the
// rest of the team needs only names and status. The server applies this to every record it
// sends (pulls, the workspace load); the browser store never holds more than it was sent.
import { urlHost } from './developer';
import type { Role } from './types';

const URL_IN_TEXT = /https?:\/\/[^\s()]+/i;
const URL_IN_TEXT_ALL = new RegExp(URL_IN_TEXT.source, 'gi');

/** `value` as a member of `role` may see it (the same object when nothing is withheld). */
export function recordForRole(collection: string, id: string, value: unknown, role: Role): unknown {
  if (role === 'Admin' || value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (collection === 'integrations' && 'credentials' in record) {
    const { credentials: _withheld, ...rest } = record;
    return rest;
  }
  // Entries written before endpoints were logged by host (and any URL a detail quotes) show the host only.
  if (collection === 'activity' && typeof record.details === 'string' && URL_IN_TEXT.test(record.details)) {
    return { ...record, details: record.details.replace(URL_IN_TEXT_ALL, (url) => urlHost(url) || url) };
  }
  if (collection === 'singletons' && id === 'developer' && typeof record.endpointUrl === 'string' && record.endpointUrl !== '') {
    return { ...record, endpointUrl: '' };
  }
  return value;
}
