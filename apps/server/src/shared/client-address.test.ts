import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address.js';

describe('addressKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:198.51.100.20')).toBe('198.51.100.20');
  });

  it('counts an IPv6 address by its /64: addresses of one network are one client, the next network another', () => {
    const a = addressKey('2001:db8:12:34:aaaa:bbbb:cccc:dddd');
    expect(a).toBe('2001:db8:12:34::/64');
    expect(addressKey('2001:0db8:0012:0034:0000:0000:0000:0001')).toBe(a);
    expect(addressKey('2001:db8:12:34::9')).toBe(a);
    expect(addressKey('2001:DB8:12:34:FFFF::')).toBe(a);
    expect(addressKey('2001:db8:12:35::1')).toBe('2001:db8:12:35::/64');
  });

  it('reads the short forms: loopback, a zone, a trailing IPv4 part', () => {
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
