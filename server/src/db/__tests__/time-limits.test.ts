import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { Client, type ClientConfig } from 'pg';
import pino from 'pino';
import { loadConfig, type DatabaseLimits } from '../../config/config';
import { AppError } from '../../core/errors';
import { Category } from '../../modules/catalog/category.entity';
import { queryPrepared } from '../../shared/prepared-statements';
import { withTransactionLimits } from '../../shared/transaction-limits';
import { createFileStorage } from '../../storage/create-file-storage';
import { createTestDatabase, testEnvironment, withAdminClient } from '../../../test/test-database';
import { initOrm } from '../orm';
import { prepareDatabase } from '../startup';
import { isDatabaseUnavailable } from '../unavailable';

const log = pino({ level: 'silent' });
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(): Promise<string> {
  const created = await createTestDatabase();
  cleanups.push(() => created.drop());
  return created.url;
}

async function orm(url: string, limits: DatabaseLimits, poolMax = 2): Promise<MikroORM> {
  const opened = await initOrm({ databaseUrl: url, log, poolMax, limits });
  cleanups.push(() => opened.close());
  return opened;
}

async function client(config: ClientConfig): Promise<Client> {
  const opened = new Client(config);
  // A session PostgreSQL ends reports it here too; the test reads the failure from the query instead.
  opened.on('error', () => undefined);
  await opened.connect();
  cleanups.push(() => opened.end().catch(() => undefined));
  return opened;
}

/** The error a promise fails with (or a test failure when it does not fail). */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

const limits: DatabaseLimits = { statementMs: 4_000, lockMs: 300, idleInTransactionMs: 7_000, acquireMs: 250 };

describe('the pool’s connections', () => {
  it('carry the limits from their first statement, on MikroORM’s path and the prepared statements’ alike', async () => {
    const shopOrm = await orm(await database(), limits);
    const em = shopOrm.em.fork();
    const [settings] = await em.getConnection().execute<{ statement: string; lock: string; idle: string }[]>(
      `select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
                current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(settings).toEqual({ statement: '4s', lock: '300ms', idle: '7s' });
    const prepared = await queryPrepared<{ statement: string }>(
      em,
      `select current_setting('statement_timeout') as statement where ?::int = 1`,
      [1],
    );
    expect(prepared).toEqual([{ statement: '4s' }]);
  });

  it('plan serially: no statement starts parallel workers', async () => {
    const shopOrm = await orm(await database(), limits);
    const [setting] = await shopOrm.em
      .fork()
      .getConnection()
      .execute<{ value: string }[]>(`select current_setting('max_parallel_workers_per_gather') as value`);
    expect(setting).toEqual({ value: '0' });
  });

  it('give a transaction that asks its own limits, until it ends', async () => {
    const shopOrm = await orm(await database(), limits, 1);
    const setting = (em: EntityManager) =>
      em
        .execute<{ value: string }[]>(`select current_setting('statement_timeout') as value`)
        .then(([row]) => row!.value);
    const inside = await withTransactionLimits(shopOrm.em.fork(), { statementMs: 30_000 }, setting);
    expect(inside).toBe('30s');
    // The pool's one connection, the same the transaction ran on, is back to its own limit.
    expect(await setting(shopOrm.em.fork())).toBe('4s');
  });

  it('are waited for only so long: a request never queues for ever behind a full pool', async () => {
    const shopOrm = await orm(await database(), limits, 1);
    const knex = shopOrm.em.getKnex().client as {
      acquireConnection(): Promise<unknown>;
      releaseConnection(connection: unknown): Promise<unknown>;
    };
    const taken = await knex.acquireConnection();
    try {
      const read = await failureOf(shopOrm.em.fork().find(Category, {}));
      expect(isDatabaseUnavailable(read)).toBe(true);
      const write = await failureOf(shopOrm.em.fork().transactional(async () => undefined));
      expect(isDatabaseUnavailable(write)).toBe(true);
      const prepared = await failureOf(queryPrepared(shopOrm.em.fork(), 'select 1 where ?::int = 1', [1]));
      expect(isDatabaseUnavailable(prepared)).toBe(true);
    } finally {
      await knex.releaseConnection(taken);
    }
  });
});

describe('start-up work', () => {
  async function prepare(url: string, shopOrm: MikroORM): Promise<void> {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-test-limits-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PAYMENT_SIMULATOR: 'true',
      UPLOADS_DIR: process.env.MANUKATO_TEST_UPLOADS_DIR!,
    });
    await prepareDatabase(shopOrm, config, createFileStorage(config), log);
  }

  /** Runs `statement` on a connection of its own and holds what it takes for `holdMs`. */
  async function holding(url: string, statement: string, holdMs: number): Promise<{ held: () => boolean }> {
    const holder = await client({ connectionString: url });
    await holder.query('begin');
    await holder.query(statement);
    let held = true;
    const timer = setTimeout(() => {
      held = false;
      void holder.query('commit');
    }, holdMs);
    cleanups.push(async () => clearTimeout(timer));
    return { held: () => held };
  }

  it('waits for another instance’s start-up longer than a request would wait for a lock', async () => {
    const url = await database();
    // Another instance's start-up, in the middle of its work: the start-up lock (startup.ts), taken for longer
    // than the lock limit (300 ms) allows a request.
    const other = await holding(url, 'select pg_advisory_xact_lock(7134000)', 1_500);
    await prepare(url, await orm(url, limits, 3));
    expect(other.held()).toBe(false);
  });

  it('seeds under its own limits: a table busy for longer than a request’s lock limit delays it, no more', async () => {
    const url = await database();
    const busy = await holding(url, 'lock table categories in access exclusive mode', 1_500);
    await prepare(url, await orm(url, limits, 3));
    expect(busy.held()).toBe(false);
    const [row] = await (
      await orm(url, limits)
    ).em
      .fork()
      .getConnection()
      .execute<{ count: string }[]>('select count(*) from categories');
    expect(Number(row!.count)).toBeGreaterThan(0);
  });
});

describe('isDatabaseUnavailable', () => {
  const url = () => testEnvironment.adminUrl;

  it('knows a statement cut by statement_timeout', async () => {
    const session = await client({ connectionString: url(), statement_timeout: 50 });
    const error = await failureOf(session.query('select pg_sleep(5)'));
    expect(error).toMatchObject({ code: '57014' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows a lock not granted within lock_timeout', async () => {
    const holder = await client({ connectionString: url() });
    await holder.query('begin');
    await holder.query('select pg_advisory_xact_lock(7139999)');
    const waiter = await client({ connectionString: url(), lock_timeout: 50 });
    const error = await failureOf(waiter.query('select pg_advisory_xact_lock(7139999)'));
    expect(error).toMatchObject({ code: '55P03' });
    expect(isDatabaseUnavailable(error)).toBe(true);
    await holder.query('rollback');
  });

  it('knows a session ended by idle_in_transaction_session_timeout', async () => {
    const session = await client({ connectionString: url(), idle_in_transaction_session_timeout: 50 });
    await session.query('begin');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const error = await failureOf(session.query('select 1'));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows PostgreSQL refusing a connection as too many', async () => {
    const role = `manukato_full_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    await withAdminClient((admin) =>
      admin.query(`create role ${role} login password '${password}' connection limit 0`),
    );
    cleanups.push(() => withAdminClient((admin) => admin.query(`drop role if exists ${role}`)));
    const target = new URL(url());
    target.username = role;
    target.password = password;
    const refused = new Client({ connectionString: target.toString() });
    const error = await failureOf(refused.connect());
    expect(error).toMatchObject({ code: '53300' });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('knows a server that is not there', async () => {
    const error = await failureOf(new Client({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }).connect());
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('leaves the request’s own mistakes and the shop’s bugs alone', async () => {
    const session = await client({ connectionString: url() });
    await session.query('create temporary table once (id int primary key)');
    await session.query('insert into once values (1)');
    expect(isDatabaseUnavailable(await failureOf(session.query('insert into once values (1)')))).toBe(false);
    expect(isDatabaseUnavailable(await failureOf(session.query('select frm nothing')))).toBe(false);
    expect(isDatabaseUnavailable(new AppError('CONFLICT', 'Taken'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
