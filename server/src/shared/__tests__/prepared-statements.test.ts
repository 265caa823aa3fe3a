import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestShop, type TestShop } from '../../../test/test-shop';
import { queryPrepared } from '../prepared-statements';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(() => shop.close());

const backendPid = async (em: EntityManager) =>
  (
    await em
      .getConnection()
      .execute<{ pid: number }[]>('select pg_backend_pid() as pid', [], 'all', em.getTransactionContext())
  )[0]!.pid;

describe('prepared statements', () => {
  it('numbers the placeholders, and PostgreSQL keeps the statement under its name on that connection', async () => {
    await shop.orm.em.fork().transactional(async (em) => {
      const [row] = await queryPrepared<{ sum: number }>(em, 'select ?::int + ?::int as sum', [40, 2]);
      expect(row).toEqual({ sum: 42 });
      const prepared = await em
        .getConnection()
        .execute<{ name: string; statement: string }[]>(
          'select name, statement from pg_prepared_statements',
          [],
          'all',
          em.getTransactionContext(),
        );
      expect(prepared).toContainEqual({
        name: expect.stringMatching(/^mk_[0-9a-f]{24}$/),
        statement: 'select $1::int + $2::int as sum',
      });
    });
  });

  // Decision 0081: the name reaches node-postgres through knex's `.options()`. A knex, MikroORM or pg upgrade that
  // drops it would still answer every query right, only unprepared: this is the test that notices.
  it('prepares once per connection and runs the same statement again, not a new one', async () => {
    await shop.orm.em.fork().transactional(async (em) => {
      const sql = 'select ?::int * 2 as doubled';
      for (const n of [1, 2, 3]) expect(await queryPrepared(em, sql, [n])).toEqual([{ doubled: n * 2 }]);
      const prepared = await em.getConnection().execute<{ statement: string; runs: number }[]>(
        `select statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements
            where statement = 'select $1::int * 2 as doubled'`,
        [],
        'all',
        em.getTransactionContext(),
      );
      expect(prepared).toEqual([{ statement: 'select $1::int * 2 as doubled', runs: 3 }]);
    });
  });

  it('prepares on a pooled connection outside a transaction too', async () => {
    const em = shop.orm.em.fork();
    // Every pooled connection answers in turn: the statement must be kept by the one that ran it.
    const rows = await queryPrepared<{ pid: number; kept: boolean }>(
      em,
      `select pg_backend_pid() as pid,
              exists (select 1 from pg_prepared_statements where statement like 'select pg_backend_pid() as pid,%') as kept
        where ?::int = 1`,
      [1],
    );
    expect(rows).toEqual([{ pid: expect.any(Number), kept: true }]);
  });

  it('sends an array as one PostgreSQL array and undefined as null', async () => {
    const em = shop.orm.em.fork();
    await expect(
      queryPrepared(em, 'select 2 = any(?::int[]) as found, ?::text is null as missing', [[1, 2, 3], undefined]),
    ).resolves.toEqual([{ found: true, missing: true }]);
  });

  it("runs on the transaction's own connection, and sees what the transaction wrote", async () => {
    await shop.orm.em.fork().transactional(async (em) => {
      const [own] = await queryPrepared<{ pid: number }>(em, 'select pg_backend_pid() as pid');
      expect(own!.pid).toBe(await backendPid(em));
      await em
        .getConnection()
        .execute('create temporary table prepared_probe (n int) on commit drop', [], 'run', em.getTransactionContext());
      await queryPrepared(em, 'insert into prepared_probe (n) values (?)', [7]);
      const rows = await queryPrepared<{ n: number }>(em, 'select n from prepared_probe where n = ?', [7]);
      expect(rows).toEqual([{ n: 7 }]);
    });
  });

  it('is counted and logged like the ORM’s own statements', async () => {
    const em = shop.orm.em.fork();
    const { statements, sql } = await shop.statements.measure(() =>
      queryPrepared(em, 'select ?::text as greeting', ['jambo']),
    );
    expect(statements).toBe(1);
    expect(sql[0]).toContain('select $1::text as greeting');
  });

  it('gives PostgreSQL’s error to the caller and returns the connection to the pool', async () => {
    const em = shop.orm.em.fork();
    // More failures than the test shop's pool has connections: a leaked connection would hang the last query.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await expect(queryPrepared(em, 'select 1 / ?::int as n', [0])).rejects.toMatchObject({ code: '22012' });
    }
    await expect(queryPrepared(em, 'select 1 / ?::int as n', [1])).resolves.toEqual([{ n: 1 }]);
  });

  it('refuses a statement whose placeholders and values differ in number', async () => {
    await expect(queryPrepared(shop.orm.em.fork(), 'select ?::int as n', [])).rejects.toThrow(
      'the statement has 1 placeholders and was given 0 values',
    );
    await expect(queryPrepared(shop.orm.em.fork(), 'select ?::int as n', [1, 2])).rejects.toThrow(
      'the statement has 1 placeholders and was given 2 values',
    );
  });

  it('refuses to run on a transaction that has ended, whose connection is back in the pool', async () => {
    let kept: EntityManager | undefined;
    await shop.orm.em.fork().transactional(async (em) => {
      kept = em;
      await queryPrepared(em, 'select 1 as n');
    });
    await expect(queryPrepared(kept!, 'select 1 as n')).rejects.toThrow(
      'the transaction this statement belongs to has already ended',
    );
  });

  it('refuses identifier placeholders, which a prepared statement cannot take', async () => {
    await expect(queryPrepared(shop.orm.em.fork(), 'select ?? from products', ['name'])).rejects.toThrow(
      'prepared statements take values only',
    );
  });
});
