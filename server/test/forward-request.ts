import type { IncomingMessage } from 'node:http';

/** A request's body as text: all of it, or what came before its sender hung up (then `request.complete` is false). */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('close', () => resolve(body));
  });
}

/** Sends a request a loopback proxy received on to `target` (same method, path, key and body), for its answer. */
export function forwardRequest(target: string, request: IncomingMessage, body: string): Promise<Response> {
  return fetch(`${target}${request.url ?? ''}`, {
    method: request.method,
    headers: {
      authorization: request.headers.authorization ?? '',
      'content-type': request.headers['content-type'] ?? 'application/json',
    },
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
  });
}
