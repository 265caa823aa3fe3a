/**
 * Request logs keep query strings (they say what was asked) but not the secrets some carry: a reset link's
 * token, a sign-in code, the stand-in's access code, anything named like a key, password or signature.
 */
const secretKey = /token|code|secret|passw|pwd|otp|signature|^sig$|credential|session|api[-_]?key|^key$|auth/i;

export const redacted = '[redacted]';

/** Paths that carry a secret as a segment: the stand-in's pay page is addressed by its access code, as Paystack's. */
const secretPath = /^(\/paystack-simulator\/pay\/)[^/?#]+/;

function decodedKey(rawKey: string): string {
  try {
    return decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    return rawKey;
  }
}

/** The URL with secret path segments and the values of secret-bearing query parameters replaced by [redacted]. */
export function redactUrl(url: string): string;
export function redactUrl(url: string | undefined): string | undefined;
export function redactUrl(original: string | undefined): string | undefined {
  const url = original?.replace(secretPath, `$1${redacted}`);
  const queryStart = url?.indexOf('?') ?? -1;
  if (url === undefined || queryStart < 0) return url;
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawKey = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && secretKey.test(decodedKey(rawKey)) ? `${rawKey}=${redacted}` : pair;
    });
  return `${url.slice(0, queryStart + 1)}${parameters.join('&')}`;
}

function redactReferer(referer: unknown): unknown {
  if (typeof referer !== 'string') return referer;
  return redactUrl(referer);
}

function redactObject(values: unknown): unknown {
  if (typeof values !== 'object' || values === null) return values;
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, secretKey.test(key) ? redacted : value]),
  );
}

interface SerializedRequest {
  url?: string;
  query?: unknown;
  params?: unknown;
  headers?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * pino-http's request serializer (it receives pino-std-serializers' object): URL, parsed query, route
 * parameters and the Referer (a page's full address, reset token included) redacted; credentials dropped.
 */
export function redactRequestLog(request: SerializedRequest): SerializedRequest {
  const { authorization: _authorization, cookie: _cookie, ...headers } = request.headers ?? {};
  return {
    ...request,
    url: redactUrl(request.url),
    query: redactObject(request.query),
    params: redactObject(request.params),
    headers: { ...headers, ...(headers.referer === undefined ? {} : { referer: redactReferer(headers.referer) }) },
  };
}
