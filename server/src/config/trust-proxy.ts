import proxyAddr from 'proxy-addr';
import { z } from 'zod';

/**
 * Which X-Forwarded-For entries to believe: none (the connection's own address is the client), the last N hops
 * (N proxies in front of the shop), or proxies at the listed addresses/CIDRs (proxy-addr's names loopback,
 * linklocal and uniquelocal too). The same values Express's 'trust proxy' takes, minus `true`.
 */
export type TrustProxy = false | number | string[];

const off = new Set(['', 'false', 'off', 'no', 'none', '0']);
const everyone = new Set(['true', 'on', 'yes', 'all', '*']);

export const trustProxySchema = z
  .string()
  .optional()
  .transform((raw, context): TrustProxy => {
    const value = raw?.trim().toLowerCase() ?? '';
    if (off.has(value)) return false;
    if (everyone.has(value)) {
      context.addIssue({
        code: 'custom',
        message:
          'trusting every proxy lets any client choose its own address; give the number of proxies in front of the shop (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 20) return hops;
      context.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 20' });
      return z.NEVER;
    }
    const addresses = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(addresses);
    } catch (error) {
      context.addIssue({
        code: 'custom',
        message: `expected off, a hop count or a comma-separated list of addresses/CIDRs (${(error as Error).message})`,
      });
      return z.NEVER;
    }
    return addresses;
  });
