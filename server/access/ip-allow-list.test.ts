// The allow list's parsing and matching (node:net BlockList underneath), the per-app cache, and
// TRUST_PROXY, the setting that decides which address the list sees behind a proxy.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { AllowListCache, allowListEntries, allows, MAX_ENTRIES, parseAllowList } from './ip-allow-list';

const parse = (text: string | null) =>
  parseAllowList(
    text,
    (entry) => new Error(`bad:${entry}`),
    () => new Error('too many'),
  );

describe('allow list', () => {
  it('splits on newlines and commas, trims, drops blanks; empty means everyone (null)', () => {
    expect(allowListEntries(' 1.2.3.4 ,\r\n\n10.0.0.0/8,, ::1 ')).toEqual(['1.2.3.4', '10.0.0.0/8', '::1']);
    expect(parse(null)).toBeNull();
    expect(parse(' \n , ')).toBeNull();
  });

  it('matches addresses, IPv4 / IPv6 ranges and IPv4-mapped IPv6 addresses', () => {
    const list = parse('192.168.1.10\n10.0.0.0/8\n::1\nfd00::/8')!;
    for (const ip of ['192.168.1.10', '10.9.8.7', '::1', 'fd00:1::2', '::ffff:10.1.1.1'])
      expect(allows(list, ip), ip).toBe(true);
    for (const ip of ['192.168.1.11', '11.0.0.1', '::2', 'fe80::1', '127.0.0.1', '', 'not-an-ip'])
      expect(allows(list, ip), ip).toBe(false);
  });

  it('names the first bad entry and caps the number of entries', () => {
    for (const entry of [
      '1.2.3.256',
      'localhost',
      '10.0.0.0/33',
      '10.0.0.0/',
      '10.0.0.0/-1',
      'fd00::/200',
      '1.2.3.4/8/8',
    ])
      expect(() => parse(`127.0.0.1\n${entry}`), entry).toThrow(`bad:${entry}`);
    const many = Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join('\n');
    expect(() => parse(many)).toThrow('too many');
  });

  it('keeps a parsed list per app until its text changes; a hand-written bad list keeps its good entries', () => {
    const cache = new AllowListCache();
    const first = cache.of({ id: 'a', ip_allow_list: '10.0.0.0/8' });
    expect(cache.of({ id: 'a', ip_allow_list: '10.0.0.0/8' })).toBe(first);
    expect(allows(cache.of({ id: 'a', ip_allow_list: '127.0.0.1' })!, '10.0.0.1')).toBe(false);
    expect(cache.of({ id: 'a', ip_allow_list: null })).toBeNull();
    const broken = cache.of({ id: 'b', ip_allow_list: '127.0.0.1\nnot-an-address' })!;
    expect(allows(broken, '127.0.0.1')).toBe(true);
    expect(allows(broken, '10.0.0.1')).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes proxy addresses or ranges only', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toBe('10.0.0.2, 10.1.0.0/16,::1');
    for (const value of ['true', '1', 'proxy.local', '10.0.0.2,'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
  });
});
