/**
 * Paystack's side of a checkout, for the bench: a Paystack-compatible API on loopback (node:http) that answers
 * `POST /transaction/initialize` as Paystack does and `GET /transaction/verify/:reference` as "abandoned", in its
 * own process on the load generator's core. In production Paystack answers from its own machines; with the shop's
 * stand-in inside the shop (as without PAYSTACK_SECRET_KEY) the bench counted Paystack's work as the shop's
 * (decision 0095). It keeps nothing: its memory is the same after a million calls as after one.
 *
 * Run by processes.mjs as a child (with an IPC channel): argv[2] is the secret key the shop must send. It reports
 * its port over IPC and exits when the parent goes away, so it never outlives a bench.
 */
import { createServer } from 'node:http';

const secretKey = process.argv[2];
const maxBodyBytes = 100_000;

function send(response, status, body) {
  const text = JSON.stringify(body);
  response
    .writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) })
    .end(text);
}

function initialize(response, text) {
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return send(response, 400, { status: false, message: 'Invalid JSON' });
  }
  if (typeof body?.reference !== 'string' || !Number.isInteger(body.amount) || typeof body.email !== 'string') {
    return send(response, 400, { status: false, message: 'reference, amount and email are required' });
  }
  return send(response, 200, {
    status: true,
    message: 'Authorization URL created',
    data: {
      authorization_url: `https://checkout.paystack.com/${encodeURIComponent(body.reference)}`,
      access_code: body.reference,
      reference: body.reference,
    },
  });
}

const server = createServer((request, response) => {
  if (request.headers.authorization !== `Bearer ${secretKey}`) {
    request.resume();
    return send(response, 401, { status: false, message: 'Invalid key' });
  }
  if (request.method === 'POST' && request.url === '/transaction/initialize') {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    request.on('end', () => {
      if (size > maxBodyBytes) return send(response, 413, { status: false, message: 'Request too large' });
      return initialize(response, Buffer.concat(chunks).toString('utf8'));
    });
    return undefined;
  }
  request.resume();
  const verified = /^\/transaction\/verify\/([^/?]+)$/.exec(request.url ?? '');
  if (request.method === 'GET' && verified) {
    return send(response, 200, {
      status: true,
      message: 'Verification successful',
      data: { reference: decodeURIComponent(verified[1]), status: 'abandoned', amount: 0, currency: 'KES' },
    });
  }
  return send(response, 404, { status: false, message: 'Not found' });
});
server.keepAliveTimeout = 65_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
