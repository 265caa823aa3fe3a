import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** Google Identity Services' origins (developers.google.com/identity/gsi/web/guides/get-google-api-clientid#cross_origin_opener_policy). */
const googleIdentity = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

export interface SecurityHeaderOptions {
  /** The shop's public address: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** Google sign-in configured: its script, button frame, styles and requests are allowed. */
  googleClientId?: string;
  /** Origins images may come from besides the shop itself (e.g. an S3 bucket's public URL). */
  imageSources?: string[];
  /** Extra style sources (e.g. "'unsafe-inline'" for a page that writes a <style> block). */
  styleSources?: string[];
  /**
   * Path prefixes whose pages may carry inline styles (<style> blocks, style attributes), such as the payment
   * stand-in's self-contained page. Scripts stay as strict there as everywhere.
   */
  inlineStylePaths?: string[];
}

type Directives = Record<string, string[]>;

/**
 * The Content-Security-Policy every answer carries. No inline or eval'd script anywhere: the pages embed their
 * data as <script type="application/json"> blocks, which are not executed. Styles come from files too: React's
 * style props go through the CSSOM, which style-src does not govern.
 */
export function contentSecurityPolicyDirectives(options: SecurityHeaderOptions): Directives {
  const google = Boolean(options.googleClientId);
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", ...(google ? [googleIdentity.script] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(google ? [googleIdentity.style] : []), ...(options.styleSources ?? [])],
    // data: for tiny inline images in CSS, blob: for the admin's previews of pictures before upload.
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imageSources ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(google ? [googleIdentity.connect] : [])],
    'frame-src': google ? [googleIdentity.frame] : ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  if (isHttps(options.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function isHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https://');
}

export type RawMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** Response header lines as [name, value, name, value, …]: the form `response.writeHead` takes without copying. */
export type HeaderLines = readonly string[];

/**
 * helmet's headers (crossOriginResourcePolicy same-origin except /uploads, see app.ts) for raw Node requests. They
 * are the same for every answer (no nonces), so helmet runs once per variant at start-up and its output is kept as
 * header lines (decision 0093): the app's handler sets them before Express and the direct GraphQL path answer, and
 * the response cache writes them with its own in one `writeHead`, so cache hits carry them too.
 */
export interface SecurityHeaders {
  /** The lines a request for this URL gets. */
  linesFor(url: string | undefined): HeaderLines;
}

export function securityHeaders(options: SecurityHeaderOptions): SecurityHeaders {
  const strict = headerLinesOf(helmetFor(options));
  const inlineStylePaths = options.inlineStylePaths ?? [];
  const withInlineStyles =
    inlineStylePaths.length === 0
      ? strict
      : headerLinesOf(helmetFor({ ...options, styleSources: [...(options.styleSources ?? []), "'unsafe-inline'"] }));
  return {
    linesFor: (url) => (url && inlineStylePaths.some((prefix) => url.startsWith(prefix)) ? withInlineStyles : strict),
  };
}

/** Sets the lines on a response that Express or the direct path goes on to write. */
export function setHeaderLines(response: ServerResponse, lines: HeaderLines): void {
  for (let index = 0; index < lines.length; index += 2) response.setHeader(lines[index]!, lines[index + 1]!);
}

/** What a helmet middleware sets on a response, in its order (it removes only headers nothing set before it). */
function headerLinesOf(middleware: RawMiddleware): string[] {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let done = false;
  middleware(
    { url: '/', method: 'GET', headers: {} } as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
      done = true;
    },
  );
  // helmet calls next synchronously; were it ever not to, its headers could not be taken once like this.
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers.values()].flat();
}

function helmetFor(options: SecurityHeaderOptions): RawMiddleware {
  const https = isHttps(options.publicUrl);
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    // Google's sign-in popup talks back to the opener; without Google nothing needs a cross-origin opener.
    crossOriginOpenerPolicy: { policy: options.googleClientId ? 'same-origin-allow-popups' : 'same-origin' },
    // Full URL within the shop, only the origin elsewhere, nothing when going from https to http.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  }) as unknown as RawMiddleware;
}
