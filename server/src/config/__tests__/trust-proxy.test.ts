import { loadConfig } from '../config';

describe('TRUST_PROXY', () => {
  it('is off unless set: no X-Forwarded-For is believed', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
  });

  it.each([
    ['true', /TRUST_PROXY: trusting every proxy lets any client choose its own address/],
    ['the load balancer', /TRUST_PROXY: expected off, a hop count or a comma-separated list/],
    ['10.0.0.0/99', /TRUST_PROXY: expected off, a hop count or a comma-separated list/],
    ['500', /TRUST_PROXY: a hop count must be between 0 and 20/],
  ])('refuses %j with a clear message', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });
});
