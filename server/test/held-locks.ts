import { Client } from 'pg';
import type { TestShop } from './test-shop';

/** Something a test holds for a while: whether it still holds it, and how to let go early. */
export interface Held {
  readonly held: boolean;
  release(): Promise<void>;
}

/**
 * A product's row locked (SELECT … FOR UPDATE) by a transaction on a connection of its own, as a stuck writer or
 * another instance would hold it, until `release` or `holdMs`: whatever waits on the row waits on this.
 */
export async function holdProductRowLock(shop: TestShop, productId: number, holdMs: number): Promise<Held> {
  const client = new Client({ connectionString: shop.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select id from products where id = $1 for update', [productId]);
  return heldUntil(holdMs, async () => {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  });
}

/** Every connection of the shop's pool taken, as requests that never finish would take them. */
export async function holdPoolConnections(shop: TestShop, holdMs: number): Promise<Held> {
  const knexClient = shop.orm.em.getKnex().client as {
    acquireConnection(): Promise<unknown>;
    releaseConnection(connection: unknown): Promise<unknown>;
  };
  const size = (shop.orm.config.get('pool') as { max: number }).max;
  const connections = await Promise.all(Array.from({ length: size }, () => knexClient.acquireConnection()));
  return heldUntil(holdMs, async () => {
    await Promise.all(connections.map((connection) => knexClient.releaseConnection(connection)));
  });
}

function heldUntil(holdMs: number, letGo: () => Promise<void>): Held {
  let released: Promise<void> | undefined;
  const release = () => (released ??= letGo());
  const timer = setTimeout(() => void release(), holdMs);
  return {
    get held() {
      return released === undefined;
    },
    release: () => {
      clearTimeout(timer);
      return release();
    },
  };
}
