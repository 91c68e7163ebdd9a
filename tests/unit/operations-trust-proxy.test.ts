import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, proxyTrust } from '../../server/src/config.ts';

const trustProxy = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('is off by default and accepts true, false and lists of addresses or CIDRs', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxy(' 10.0.0.0/8, fd00::/8 ,loopback')).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  it('refuses hop counts and anything that is no address, naming the variable', () => {
    expect(() => trustProxy('1')).toThrow(ConfigError);
    expect(() => trustProxy('1')).toThrow(/TRUST_PROXY: hop counts are not supported/);
    expect(() => trustProxy('yes')).toThrow(/TRUST_PROXY: .*got yes/);
    expect(() => trustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('10.0.0.1,lb.internal')).toThrow(/got lb\.internal/);
    expect(() => trustProxy(',')).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy('toString')).toThrow(/got toString/);
  });

  it('trusts exactly the listed proxies, also as IPv4-mapped IPv6 addresses', () => {
    const trusts = proxyTrust(['127.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(trusts('127.0.0.1')).toBe(true);
    expect(trusts('::ffff:127.0.0.1')).toBe(true);
    expect(trusts('10.1.200.3')).toBe(true);
    expect(trusts('::ffff:10.1.200.3')).toBe(true);
    expect(trusts('fd12::1')).toBe(true);
    expect(trusts('10.2.0.1')).toBe(false);
    expect(trusts('127.0.0.2')).toBe(false);
    expect(trusts('unknown')).toBe(false);
    expect(trusts(undefined)).toBe(false);
    expect(proxyTrust(['loopback'])('127.5.5.5')).toBe(true);
    expect(proxyTrust(['loopback'])('::1')).toBe(true);
    expect(proxyTrust(true)('203.0.113.9')).toBe(true);
    expect(proxyTrust(false)('127.0.0.1')).toBe(false);
  });
});
