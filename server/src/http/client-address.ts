import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config/trust-proxy';

export type TrustFunction = (address: string, hop: number) => boolean;

/** TRUST_PROXY as the function Express's 'trust proxy' and proxy-addr take. */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The client's address as rate limits and logs see it, for Express's requests and the raw ones the direct
 * GraphQL path answers alike: the connection's address, or the X-Forwarded-For entry the trusted proxies vouch for.
 */
export function clientAddressOf(trust: TrustFunction): (request: IncomingMessage) => string {
  return (request) => (request.socket.remoteAddress ? proxyAddr(request, trust) : 'unknown');
}
