// Where and from what a request came, as the security log and the list of sessions say it:
// an address prefix and a device name, never the address or the whole user agent.
import type { FastifyRequest } from 'fastify';
import { addressPrefix, deviceOf } from '../../lib/domain/two-factor';

export function originOfRequest(request: FastifyRequest): { device: string; place: string } {
  return { device: deviceOf(request.headers['user-agent']), place: addressPrefix(request.ip) };
}
