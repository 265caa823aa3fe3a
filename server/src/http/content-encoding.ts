import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { Request, Response } from 'express';
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

/** Below this a compressed body saves less than its headers cost (the compression middleware's own default). */
export const compressFrom = 1024;

/**
 * The one choice of encoding for every answer the shop writes (Express's, the direct path's, the response cache's):
 * Brotli before gzip when the client rates them alike, q-values honoured, nothing else (no deflate).
 */
export const answerEncoding = encodingNegotiator(['br', 'gzip'] as const);

type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

/**
 * Express's compression middleware, deciding by answerEncoding: it is shown a stand-in request whose only
 * Accept-Encoding is the encoding chosen here (or identity), so its own negotiation can only agree. Kept from it:
 * `Vary: Accept-Encoding` on every compressible answer, compressed or not (whatever the request sent), nothing
 * under `compressFrom` bytes, nothing marked `no-transform`, and its streaming (Brotli at quality 4 for fresh
 * answers; the response cache compresses its entries once, harder). Express runs it on every request; the
 * direct path wraps each of its answers in it: one rule for the encoding and `Vary` on both GraphQL paths.
 */
export function compressAnswers(): Middleware {
  const compress = compression({ threshold: compressFrom });
  return (request, response, next) => {
    const standIn = { method: request.method, headers: { 'accept-encoding': answerEncoding(request) ?? 'identity' } };
    compress(standIn as Request, response as Response, next);
  };
}
