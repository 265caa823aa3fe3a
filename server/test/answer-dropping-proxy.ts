import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardRequest, readBody } from './forward-request';

/**
 * A proxy on loopback that forwards each request to `target` and, once the target has answered, closes the
 * caller's socket without passing the answer on: the request took effect, the caller cannot know it.
 */
export async function startAnswerDroppingProxy(target: string) {
  const forwarded: { method: string; path: string; status: number }[] = [];
  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const answer = await forwardRequest(target, request, body);
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
