import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';

/** Distinct Accept-Encoding headers remembered per negotiator: browsers send a handful; a full map starts over. */
const rememberedHeaders = 64;
/** A longer header is negotiated every time rather than remembered. */
const longestRemembered = 256;

/**
 * Picks how to encode an answer from the encodings it can be sent in (most preferred first), by the request's
 * Accept-Encoding with its q-values, as Express's compression middleware reads them (negotiator): `br;q=0` refuses
 * Brotli, `*;q=0` refuses whatever is not named, a higher q wins and our order breaks ties. Undefined: send the
 * bytes as they are (identity), also when nothing offered is acceptable, since an answer the client can read beats
 * a 406. Answers for recent headers are remembered (a few microseconds each on the cache's hit path).
 */
export function encodingNegotiator<Encoding extends string>(
  offered: readonly Encoding[],
): (request: IncomingMessage) => Encoding | undefined {
  const candidates = [...offered, 'identity'];
  const remembered = new Map<string, Encoding | undefined>();
  return (request) => {
    const header = request.headers['accept-encoding'];
    if (!header) return undefined;
    if (remembered.has(header)) return remembered.get(header);
    const chosen = new Negotiator({ headers: { 'accept-encoding': header } }).encoding(candidates, {
      preferred: candidates,
    });
    const encoding = offered.find((candidate) => candidate === chosen);
    if (header.length <= longestRemembered) {
      if (remembered.size >= rememberedHeaders) remembered.clear();
      remembered.set(header, encoding);
    }
    return encoding;
  };
}
