import { startTestShop, type TestShop } from '../../../test/test-shop';
import { RateLimit } from '../rate-limiter';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

describe('RateLimit', () => {
  const limit = new RateLimit('probe', 2, 60_000, 'probes');

  it('counts each use and refuses past the limit', async () => {
    const em = shop.orm.em.fork();
    await limit.consume(em, 'counted');
    await limit.consume(em, 'counted');
    await expect(limit.consume(em, 'counted')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  // Its store takes a pooled connection of its own: inside a transaction holding a row lock, with the pool's other
  // connections held by callers waiting on that row, it would wait until lock_timeout (commit 964700e).
  it('refuses to be counted inside a transaction, which would need a second connection', async () => {
    await shop.orm.em.fork().transactional(async (trx) => {
      await expect(limit.consume(trx, 'inside')).rejects.toThrow(
        'the probe limit was counted inside a transaction: count it before or after',
      );
      await expect(limit.giveBack(trx, 'inside')).rejects.toThrow('counted inside a transaction');
    });
  });

  it("refuses the request's own em too while a transaction of its runs (the mistake commit 964700e fixed)", async () => {
    const requestEm = shop.orm.em.fork();
    await requestEm.transactional(async () => {
      await expect(limit.consume(requestEm, 'beside')).rejects.toThrow('counted inside a transaction');
    });
    // Once it has ended, counting is fine again.
    await expect(limit.consume(requestEm, 'beside')).resolves.toBeUndefined();
  });
});
