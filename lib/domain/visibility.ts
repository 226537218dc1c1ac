// What each role may receive of the workspace. Integration configuration (credential hints)
// and webhook endpoint URLs are for Admins: an endpoint URL often carries a token, and the
// rest of the team needs only names and status. Each record type's definition (lib/schema)
// names its rule here; the server applies it to every record it sends (pulls, the workspace
// load); the browser store never holds more than it was sent.
import { urlHost, type DeveloperSettings } from './developer';
import type { ActivityEntry, Integration, Role } from './types';

const URL_IN_TEXT = /https?:\/\/[^\s()]+/i;
const URL_IN_TEXT_ALL = new RegExp(URL_IN_TEXT.source, 'gi');

/** An integration without its credential hints, for anyone but an Admin. */
export function integrationForRole(record: Integration, role: Role): Integration {
  if (role === 'Admin' || !('credentials' in record)) return record;
  const { credentials: _withheld, ...rest } = record;
  return rest;
}

/** Entries written before endpoints were logged by host (and any URL a detail quotes) show the host only. */
export function activityForRole(record: ActivityEntry, role: Role): ActivityEntry {
  if (role === 'Admin' || typeof record.details !== 'string' || !URL_IN_TEXT.test(record.details)) return record;
  return { ...record, details: record.details.replace(URL_IN_TEXT_ALL, (url) => urlHost(url) || url) };
}

/** The webhook endpoint URL is an Admin's. */
export function developerForRole(value: DeveloperSettings, role: Role): DeveloperSettings {
  if (role === 'Admin' || typeof value.endpointUrl !== 'string' || value.endpointUrl === '') return value;
  return { ...value, endpointUrl: '' };
}
