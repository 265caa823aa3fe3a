import { Writable } from 'node:stream';
import pino from 'pino';
import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { redactUrl } from '../log-redaction';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let shop: TestShop;
let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
beforeAll(async () => {
  clientDist = await writeClientDist();
  shop = await startTestShop({ seed: false, env: { CLIENT_DIST: clientDist.dir }, log: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await shop?.close();
  await clientDist?.remove();
});

/** The request-completed lines logged since `from`, parsed. */
function requestLogs(from: number): { req: { url: string; query?: unknown; headers?: Record<string, string> } }[] {
  return lines
    .slice(from)
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.req?.url !== undefined);
}

describe('request logs', () => {
  it("redact a reset link's token, codes and keys from the URL, the query and the Referer", async () => {
    const from = lines.length;
    await shop.http.get('/reset-password?token=reset-secret-1&from=mail').set('accept', 'text/html').expect(200);
    await shop.http.get('/api/nothing?code=123456&access_code=pay-secret-2&otp=654321&page=2').expect(404);
    await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .set('referer', 'http://127.0.0.1/reset-password?token=reset-secret-3')
      .send({ query: 'mutation { logout { ok } }' })
      .expect(200);

    const logged = lines.slice(from).join('\n');
    for (const secret of ['reset-secret-1', '123456', 'pay-secret-2', '654321', 'reset-secret-3']) {
      expect(logged).not.toContain(secret);
    }
    const [page, api, graphql] = requestLogs(from);
    expect(page?.req.url).toBe('/reset-password?token=[redacted]&from=mail');
    expect(api?.req.url).toBe('/api/nothing?code=[redacted]&access_code=[redacted]&otp=[redacted]&page=2');
    expect(api?.req.query).toEqual({
      code: '[redacted]',
      access_code: '[redacted]',
      otp: '[redacted]',
      page: '2',
    });
    expect(graphql?.req.headers?.referer).toBe('http://127.0.0.1/reset-password?token=[redacted]');
  });

  it('keep logging the direct GraphQL path, without the secrets of the others', async () => {
    const from = lines.length;
    await shop.http
      .post('/graphql')
      .set('content-type', 'application/json')
      .send({ query: '{ productsCount }' })
      .expect(200);
    expect(requestLogs(from).map((entry) => entry.req.url)).toEqual(['/graphql']);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc', '/reset-password?token=[redacted]'],
    [
      '/x?Token=abc&id_token=def&api_key=ghi&key=jkl',
      '/x?Token=[redacted]&id_token=[redacted]&api_key=[redacted]&key=[redacted]',
    ],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    [
      '/x?password=a&new_password=b&signature=c&secret=d',
      '/x?password=[redacted]&new_password=[redacted]&signature=[redacted]&secret=[redacted]',
    ],
    ['/category/for-women?sort=NEWEST&page=2&search=oud', '/category/for-women?sort=NEWEST&page=2&search=oud'],
    ['/paystack-simulator/pay/abc123?x=1', '/paystack-simulator/pay/[redacted]?x=1'],
    ['/plain', '/plain'],
    ['/x?token', '/x?token'],
    ['/x?%E0%A4%A=1&code=9', '/x?%E0%A4%A=1&code=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
