import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { adoptAppPrototypes, createServerForExpress } from '../express-born-requests';

/**
 * Decision 0113: the shop's server makes its requests and responses with the app's prototypes already in place, so
 * Express's per-request `setPrototypeOf` (which kept every request alive through V8's young collections) changes
 * nothing, and Express works exactly as before.
 */
interface Born {
  request: boolean;
  response: boolean;
}

async function serve(server: Server, app: Express): Promise<{ url: string; born: Born[] }> {
  const born: Born[] = [];
  // Before the app: what the request was made as, before Express touches it.
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    born.push({
      request: Object.getPrototypeOf(request) === app.request,
      response: Object.getPrototypeOf(response) === app.response,
    });
  });
  server.on('request', app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, born };
}

function appAnswering(name: string): Express {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/hello', (request, response) => {
    response.status(201).json({ name, query: request.query.q, path: request.path, sameApp: request.app === app });
  });
  return app;
}

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('requests born with the app’s prototypes', () => {
  it('reach Express already made as its app’s request and response, and Express works as before', async () => {
    const server = createServerForExpress();
    servers.push(server);
    const app = appAnswering('one');
    adoptAppPrototypes(server, app);
    const { url, born } = await serve(server, app);

    const answer = await fetch(`${url}/hello?q=rose`);
    expect({ status: answer.status, body: await answer.json() }).toEqual({
      status: 201,
      body: { name: 'one', query: 'rose', path: '/hello', sameApp: true },
    });
    const missing = await fetch(`${url}/nowhere`);
    expect(missing.status).toBe(404);
    expect(born).toEqual([
      { request: true, response: true },
      { request: true, response: true },
    ]);
  });

  it('keeps each server’s requests to its own app when one process runs two shops', async () => {
    const [first, second] = [createServerForExpress(), createServerForExpress()];
    servers.push(first, second);
    const [firstApp, secondApp] = [appAnswering('first'), appAnswering('second')];
    adoptAppPrototypes(first, firstApp);
    adoptAppPrototypes(second, secondApp);
    const [one, two] = await Promise.all([serve(first, firstApp), serve(second, secondApp)]);

    const names = await Promise.all(
      [one.url, two.url, one.url].map(async (url) => (await (await fetch(`${url}/hello`)).json()) as { name: string }),
    );
    expect(names.map((body) => body.name)).toEqual(['first', 'second', 'first']);
    expect([...one.born, ...two.born].every((born) => born.request && born.response)).toBe(true);
  });

  it('leaves an app on a server made otherwise as Express makes it', async () => {
    const server = createServer();
    servers.push(server);
    const app = appAnswering('plain');
    const prototypes = { request: app.request, response: app.response };
    adoptAppPrototypes(server, app);
    expect({ request: app.request, response: app.response }).toEqual(prototypes);
    const { url, born } = await serve(server, app);

    const answer = await fetch(`${url}/hello?q=oud`);
    expect(await answer.json()).toEqual({ name: 'plain', query: 'oud', path: '/hello', sameApp: true });
    expect(born).toEqual([{ request: false, response: false }]);
  });
});
