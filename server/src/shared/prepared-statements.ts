import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';

interface Prepared {
  name: string;
  text: string;
  placeholders: number;
}

/**
 * Statements are module constants or built from a few fixed parts, so this holds a few dozen; the bound (in
 * characters of SQL kept, twice per statement) only guards against a caller's mistake.
 */
const remembered = new LRUCache<string, Prepared>({
  maxSize: 1_000_000,
  sizeCalculation: (prepared, sql) => sql.length + prepared.text.length,
});

/**
 * `?` placeholders become `$1…$n` and the statement gets a name from its text. `??` (MikroORM's identifier
 * placeholder) is refused: prepared statements take values only. Every `?` is a placeholder, so none may appear
 * in a string literal, a comment or a jsonb operator; a count that differs from the values given is refused.
 * Arrays are sent as PostgreSQL arrays, so a list is written `= any(?)`, never `in (?)`.
 */
function prepare(sql: string): Prepared {
  const known = remembered.get(sql);
  if (known) return known;
  if (sql.includes('??')) throw new Error('prepared statements take values only, not identifiers (??)');
  let position = 0;
  const text = sql.replace(/\?/g, () => `$${(position += 1)}`);
  const name = `mk_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
  const prepared = { name, text, placeholders: position };
  remembered.set(sql, prepared);
  return prepared;
}

/**
 * Runs one statement as a named prepared statement on the connection `em` would use: its transaction's when it
 * has one, otherwise one lent by the pool. PostgreSQL parses such a statement once per connection and, once it
 * has run a few times, plans it once too; MikroORM's `execute` inlines the values and sends plain text that is
 * parsed and planned on every call, which was most of PostgreSQL's time on checkout's short statements
 * (decision 0060). The statement is logged (and counted by the statement counter) like MikroORM's own.
 *
 * Only public APIs (decision 0081): knex's documented `.options()` mixes options into the driver's query, and its
 * pg dialect hands them to node-postgres's query config, where `name` makes it a named prepared statement;
 * `.transacting()` puts it on the transaction's connection. Not through MikroORM's `execute`: it rebuilds a knex
 * query from the SQL text with the values inlined, which drops both the options and the placeholders.
 */
export async function queryPrepared<Row extends object>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  const { name, text, placeholders } = prepare(sql);
  if (placeholders !== params.length) {
    throw new Error(`the statement has ${placeholders} placeholders and was given ${params.length} values`);
  }
  const transaction = em.getTransactionContext<Knex.Transaction>();
  // The transaction's connection goes back to the pool when it ends: a statement after that (an em kept past its
  // transactional callback) would run outside it. knex refuses alike; this says why in our words.
  if (transaction?.isCompleted()) throw new Error('the transaction this statement belongs to has already ended');
  // knex numbers `?` as $1…$n itself (the text PostgreSQL keeps is `text`) and sends an array as one value; it
  // refuses undefined, which node-postgres sent as null.
  const values = params.map((value) => (value === undefined ? null : value)) as Knex.RawBinding[];
  const query = em.getKnex().raw(sql, values).options({ name });
  if (transaction) query.transacting(transaction);
  const started = Date.now();
  let failed = false;
  try {
    const result = (await query) as { rows: Row[] };
    return result.rows;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    em.config.getLogger().logQuery({
      query: text,
      params: [...params],
      took: Date.now() - started,
      level: failed ? 'error' : 'info',
    });
  }
}
