/**
 * The baseline: plain node:http answering every request with bytes captured once from the real
 * server's GET /api/products/list. It shows what one core can do with no framework, no GraphQL and
 * no database, so the shop's numbers can be read as a share of that ceiling.
 *
 * Run by run-bench.mjs as a child (with an IPC channel): argv[2] is the file holding the body.
 * It reports its port over IPC and exits when the parent goes away, so it never outlives a bench.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.argv[2]);
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'content-length': String(body.length),
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers).end(body);
});
// Same keep-alive as the shop so connection reuse is not a difference between the two.
server.keepAliveTimeout = 65_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
