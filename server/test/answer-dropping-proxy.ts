import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy on loopback that forwards each request to `target` and, once the target has answered, closes the
 * caller's socket without passing the answer on: the request took effect, the caller cannot know it.
 */
export async function startAnswerDroppingProxy(target: string) {
  const forwarded: { method: string; path: string; status: number }[] = [];
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = await fetch(`${target}${request.url ?? ''}`, {
      method: request.method,
      headers: {
        authorization: request.headers.authorization ?? '',
        'content-type': request.headers['content-type'] ?? 'application/json',
      },
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
    });
    await answer.arrayBuffer();
    forwarded.push({ method: request.method ?? '', path: request.url ?? '', status: answer.status });
    response.socket?.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
