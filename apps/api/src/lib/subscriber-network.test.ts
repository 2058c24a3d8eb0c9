import { describe, expect, it } from 'vitest';
import { subscriberNetwork } from './subscriber-network.ts';

describe('subscriberNetwork', () => {
  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(subscriberNetwork('2401:4900:1c3a:77e1::1')).toBe('2401:4900:1c3a:77e1::/64');
    expect(subscriberNetwork('2401:4900:1C3A:77E1:abcd:1234:5678:9abc')).toBe('2401:4900:1c3a:77e1::/64');
    expect(subscriberNetwork('2401:4900:1c3a:77e2::1')).toBe('2401:4900:1c3a:77e2::/64');
  });

  it('is the IPv4 address itself, also when a dual-stack socket writes it as IPv6', () => {
    expect(subscriberNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(subscriberNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(subscriberNetwork('203.0.113.8')).not.toBe(subscriberNetwork('203.0.113.7'));
  });

  it('keeps what is not an address as it is', () => {
    expect(subscriberNetwork('Unknown')).toBe('unknown');
  });
});
