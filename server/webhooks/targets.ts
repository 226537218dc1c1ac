// Where a webhook may be sent: addresses on the public internet only. A stranger's (or a
// careless Admin's) endpoint must not make this server post to itself, to the machines beside
// it, or to a cloud metadata service. The classifier is pure; `checkTarget` resolves the host
// (every address it has) and says which address the delivery must connect to, so nothing can
// change between the check and the connection (DNS rebinding).
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'shared' | 'unspecified' | 'metadata' | 'reserved';

/** Names of cloud metadata services, whatever they resolve to. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);
const METADATA_V4 = 0xa9fea9fe; // 169.254.169.254
const METADATA_V6 = 'fd00:ec2:0:0:0:0:0:254';

function parseV4(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((part) => !/^\d{1,3}$/.test(part) || Number(part) > 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

const inV4 = (value: number, base: string, bits: number) => {
  const start = parseV4(base)!;
  const size = 2 ** (32 - bits);
  return value >= start && value < start + size;
};

function classifyV4(value: number): AddressKind {
  if (inV4(value, '0.0.0.0', 8)) return 'unspecified';
  if (inV4(value, '127.0.0.0', 8)) return 'loopback';
  if (value === METADATA_V4) return 'metadata';
  if (inV4(value, '169.254.0.0', 16)) return 'link-local';
  if (inV4(value, '10.0.0.0', 8) || inV4(value, '172.16.0.0', 12) || inV4(value, '192.168.0.0', 16)) return 'private';
  if (inV4(value, '100.64.0.0', 10)) return 'shared';
  // IETF protocol assignments, benchmarking, documentation, multicast, reserved and broadcast.
  if (inV4(value, '192.0.0.0', 24) || inV4(value, '198.18.0.0', 15) || inV4(value, '192.0.2.0', 24) || inV4(value, '198.51.100.0', 24) || inV4(value, '203.0.113.0', 24) || value >= parseV4('224.0.0.0')!)
    return 'reserved';
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a zone such as %eth0 dropped), or null. */
function parseV6(raw: string): number[] | null {
  let address = raw.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (dotted) {
    const v4 = parseV4(dotted[1]);
    if (v4 === null) return null;
    address = `${address.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (all.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function classifyV6(groups: number[]): AddressKind {
  const [a, b, c, d, e, f, g, h] = groups;
  const v4 = g * 65536 + h;
  if (groups.every((x) => x === 0)) return 'unspecified';
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0 && g === 0 && h === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0)) return classifyV4(v4);
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return classifyV4(v4);
  if (groups.map((x) => x.toString(16)).join(':') === METADATA_V6) return 'metadata';
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  // Multicast, and the deprecated site-local range.
  if ((a & 0xff00) === 0xff00 || (a & 0xffc0) === 0xfec0) return 'reserved';
  return 'public';
}

/** What kind of address `address` (an IPv4 or IPv6 literal, brackets allowed) is; null when it is not one. */
export function classifyAddress(address: string): AddressKind | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(bare.replace(/%.*$/, ''));
  if (family === 4) return classifyV4(parseV4(bare)!);
  if (family === 6) {
    const groups = parseV6(bare);
    return groups ? classifyV6(groups) : null;
  }
  return null;
}

/** Loopback may be allowed for local development and the tests' own receivers; nothing else inside ever is. */
export const isAllowedKind = (kind: AddressKind, allowLoopback: boolean) => kind === 'public' || (allowLoopback && kind === 'loopback');

const KIND_WORDS: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'this machine (loopback)',
  private: 'a private network',
  'link-local': 'a link-local network',
  shared: 'a carrier’s shared network (100.64.0.0/10)',
  unspecified: 'an unspecified address',
  metadata: 'a cloud metadata service',
  reserved: 'a reserved range',
};

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (host) => (await dnsLookup(host, { all: true, verbatim: true })).map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));

export type TargetCheck = { ok: true; address: ResolvedAddress } | { ok: false; error: string; kind: AddressKind | 'unresolved'; host: string };

/**
 * Resolves `url`'s host and accepts it only when every address it has is allowed; the answer
 * names the address to connect to. A name of a metadata service, or `localhost` and its
 * subdomains, are judged by the name before any look-up.
 */
export async function checkTarget(url: URL, options: { allowLoopback: boolean; resolve?: Resolver }): Promise<TargetCheck> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();
  const refuse = (kind: AddressKind | 'unresolved'): TargetCheck => ({
    ok: false,
    kind,
    host,
    error: kind === 'unresolved' ? `Endpoint URL: ${host} could not be resolved` : `Endpoint URL must be on the public internet: ${host} is ${KIND_WORDS[kind as Exclude<AddressKind, 'public'>]}`,
  });
  if (METADATA_NAMES.has(host)) return refuse('metadata');
  const literal = classifyAddress(host);
  if (literal) return isAllowedKind(literal, options.allowLoopback) ? { ok: true, address: { address: host, family: isIP(host) === 6 ? 6 : 4 } } : refuse(literal);
  if (host === 'localhost' || host.endsWith('.localhost')) {
    if (!options.allowLoopback) return refuse('loopback');
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver)(host);
  } catch {
    return refuse('unresolved');
  }
  if (addresses.length === 0) return refuse('unresolved');
  for (const resolved of addresses) {
    const kind = classifyAddress(resolved.address) ?? 'reserved';
    if (!isAllowedKind(kind, options.allowLoopback)) return refuse(kind);
  }
  return { ok: true, address: addresses[0] };
}
