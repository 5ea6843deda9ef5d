/**
 * Which addresses an outbound call may reach (the SSRF guard's address half). Every address a host
 * resolves to is classified here; IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by the IPv4 address inside, so ::ffff:127.0.0.1
 * is loopback like 127.0.0.1. Ranges are node:net BlockLists (the same matcher as the IP allow
 * list of server/access), so CIDR arithmetic is not ours.
 */
import { BlockList, isIP } from 'node:net';

export type RangeName =
  'loopback' | 'private' | 'cgnat' | 'linkLocal' | 'unspecified' | 'multicast' | 'reserved' | 'uniqueLocal';

const V4: [RangeName, string, number][] = [
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['cgnat', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['linkLocal', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  ['reserved', '192.0.0.0', 24],
  ['private', '192.168.0.0', 16],
  ['reserved', '198.18.0.0', 15],
  ['multicast', '224.0.0.0', 4],
  ['reserved', '240.0.0.0', 4],
];

const V6: [RangeName, string, number][] = [
  // ::/96 holds :: and ::1 and the deprecated IPv4-compatible forms.
  ['loopback', '::1', 128],
  ['unspecified', '::', 96],
  ['uniqueLocal', 'fc00::', 7],
  ['linkLocal', 'fe80::', 10],
  ['reserved', 'fec0::', 10],
  ['multicast', 'ff00::', 8],
  ['reserved', '100::', 64],
];

function listOf(entries: [RangeName, string, number][], family: 'ipv4' | 'ipv6'): [RangeName, BlockList][] {
  return entries.map(([name, net, prefix]) => {
    const list = new BlockList();
    list.addSubnet(net, prefix, family);
    return [name, list];
  });
}

const V4_LISTS = listOf(V4, 'ipv4');
const V6_LISTS = listOf(V6, 'ipv6');

/** The eight 16-bit groups of an IPv6 address in any textual form (with an embedded dotted quad). */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/^\[|\]$/g, '').split('%')[0]!;
  const quad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return undefined;
  const groups = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const quadOf = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if it carries one. */
export function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return quadOf(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return quadOf(g[6]!, g[7]!);
  if (g[0] === 0x2002) return quadOf(g[1]!, g[2]!);
  return undefined;
}

/** The refused range an address falls in, or undefined for a public address. */
export function refusedRange(address: string): RangeName | undefined {
  const family = isIP(address);
  if (family === 4) return V4_LISTS.find(([, list]) => list.check(address, 'ipv4'))?.[0];
  if (family !== 6) return 'reserved';
  const inner = embeddedIPv4(address);
  if (inner) return refusedRange(inner);
  return V6_LISTS.find(([, list]) => list.check(address, 'ipv6'))?.[0];
}

/**
 * The intranet allow-list (OUTBOUND_ALLOW_LIST): IP addresses, CIDR ranges and host names
 * (`api.corp.example`, or `*.corp.example` for its sub-domains), comma-separated. An allowed host
 * may resolve anywhere; an allowed range lets any host resolving into it through.
 */
export interface AllowList {
  hosts: ReadonlySet<string>;
  suffixes: readonly string[];
  ranges: BlockList;
  empty: boolean;
}

const HOST = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?)*$/;

/** Parses an allow-list; throws naming the first entry that is neither an address, a range nor a host. */
export function parseAllowList(text: string | undefined): AllowList {
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  const ranges = new BlockList();
  let count = 0;
  for (const raw of (text ?? '').split(/[\s,]+/)) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    count += 1;
    const [net, prefixText, extra] = entry.split('/');
    const family = isIP(net!);
    if (family) {
      const max = family === 4 ? 32 : 128;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (extra !== undefined || !/^\d{1,3}$/.test(prefixText ?? String(max)) || prefix > max)
        throw new Error(`Invalid allow-list entry "${raw}"`);
      ranges.addSubnet(net!, prefix, family === 4 ? 'ipv4' : 'ipv6');
    } else if (prefixText === undefined && HOST.test(entry)) {
      if (entry.startsWith('*.')) suffixes.push(entry.slice(1));
      else hosts.add(entry);
    } else throw new Error(`Invalid allow-list entry "${raw}"`);
  }
  return { hosts, suffixes, ranges, empty: count === 0 };
}

export const EMPTY_ALLOW_LIST: AllowList = parseAllowList('');

export function hostAllowed(list: AllowList, host: string): boolean {
  const name = host.toLowerCase();
  return list.hosts.has(name) || list.suffixes.some((suffix) => name.endsWith(suffix));
}

export function addressAllowed(list: AllowList, address: string): boolean {
  if (list.empty) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (list.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')) return true;
  const inner = family === 6 ? embeddedIPv4(address) : undefined;
  return inner !== undefined && list.ranges.check(inner, 'ipv4');
}
