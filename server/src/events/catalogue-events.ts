import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import createPostgresSubscriber, { type Subscriber } from 'pg-listen';
import type { Logger } from 'pino';
import {
  announcedInTransaction,
  catalogueChannel,
  decodeChange,
  type CatalogueChange,
  type CatalogueChanged,
} from './catalogue-change';

export type CatalogueChangeSubscriber = (change: CatalogueChange) => void;

export interface CatalogueEventsOptions {
  /** The LISTEN connection's application_name; listenerApplicationName unless the instance names itself there. */
  applicationName?: string;
  /** Told, once every subscriber has applied a change heard over LISTEN, when its writer announced it. */
  onApplied?: (announcedAt: number) => void;
}

/** The LISTEN connection's name in pg_stat_activity (tests find it there to cut it). */
export const listenerApplicationName = 'manukato-catalogue-events';

/** How long a writer waits, after its commit, to hear its own change before applying it here without it. */
const ownEventWaitMs = 2_000;
const recentlyHeardLimit = 1_000;

/**
 * Every catalogue change, from this instance or another, heard on one LISTEN connection (pg-listen keeps
 * it up: reconnects, re-listens, checks it every few seconds) and handed to the subscribers. Changes made
 * while the connection was down are unknown, so losing it, and getting it back, drop everything.
 *
 * A writer's own change comes the same way: its transaction's commit hook (MikroORM's afterTransactionCommit)
 * waits until this instance has heard it, so what the writer reads next is already fresh.
 */
export class CatalogueEvents implements EventSubscriber {
  private readonly listener: Subscriber;
  private readonly subscribers: CatalogueChangeSubscriber[] = [];
  /** Writers waiting to hear their own changes, by event id. */
  private readonly awaited = new Map<string, () => void>();
  /** Ids heard lately, oldest first: a change can be heard before its writer's commit call returns. */
  private readonly recentlyHeard = new Set<string>();
  private connected = false;
  private readonly onApplied: CatalogueEventsOptions['onApplied'];

  constructor(
    private readonly orm: MikroORM,
    private readonly log: Logger,
    options: CatalogueEventsOptions = {},
  ) {
    this.onApplied = options.onApplied;
    this.listener = createPostgresSubscriber(
      {
        connectionString: orm.config.get('clientUrl'),
        application_name: options.applicationName ?? listenerApplicationName,
      },
      {
        // Never give up: a shop whose database comes back must hear changes again.
        retryLimit: Infinity,
        retryTimeout: 0,
        retryInterval: (attempt) => Math.min(250 * 2 ** attempt, 5_000),
        // A connection that died without a word (a dropped network path) is found within this.
        paranoidChecking: 10_000,
        // An unreadable payload (another version's format) counts as "everything".
        parse: (payload) => {
          try {
            return JSON.parse(payload);
          } catch {
            return {};
          }
        },
      },
    );
    this.listener.notifications.on(catalogueChannel, (payload: unknown) => this.deliver(decodeChange(payload)));
    this.listener.events.on('reconnect', (attempt) => {
      if (attempt === 1) this.log.warn('catalogue events: connection lost, reconnecting');
      this.connected = false;
      this.dispatch({ everything: true });
    });
    this.listener.events.on('connected', () => {
      if (this.connected) return;
      this.connected = true;
      // Whatever happened while nobody listened is unknown.
      this.dispatch({ everything: true });
    });
    this.listener.events.on('error', (error) => this.log.error({ err: error }, 'catalogue events: listener error'));
  }

  async start(): Promise<void> {
    await this.listener.connect();
    await this.listener.listenTo(catalogueChannel);
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  async close(): Promise<void> {
    this.connected = false;
    for (const release of this.awaited.values()) release();
    await this.listener.close();
  }

  /** True while the LISTEN connection is up. */
  get listening(): boolean {
    return this.connected;
  }

  subscribe(subscriber: CatalogueChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  /** For MikroORM: this subscriber has no entity hooks, only the transaction hooks below. */
  getSubscribedEntities(): [] {
    return [];
  }

  /** After a commit: wait until this instance has heard the changes the transaction announced. */
  async afterTransactionCommit({ transaction }: TransactionEventArgs): Promise<void> {
    const ids = transaction ? announcedInTransaction.get(transaction) : undefined;
    if (!ids) return;
    announcedInTransaction.delete(transaction);
    if (!this.connected) {
      // Nothing can be heard now: drop everything here at once (the reconnection will drop it again).
      this.dispatch({ everything: true });
      return;
    }
    await Promise.all(ids.map((id) => this.heard(id)));
  }

  async afterTransactionRollback({ transaction }: TransactionEventArgs): Promise<void> {
    if (transaction) announcedInTransaction.delete(transaction);
  }

  private heard(id: string): Promise<void> {
    if (this.recentlyHeard.has(id)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // Not heard (the connection is down or slow): this instance must not keep serving the old answers.
        if (this.awaited.delete(id)) {
          this.log.warn({ eventId: id }, 'catalogue events: own change not heard in time, dropping everything here');
          this.dispatch({ everything: true });
        }
        resolve();
      }, ownEventWaitMs);
      timer.unref();
      this.awaited.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private deliver(change: CatalogueChanged): void {
    this.dispatch(change);
    if (change.at !== undefined) this.onApplied?.(change.at);
    this.recentlyHeard.add(change.id);
    if (this.recentlyHeard.size > recentlyHeardLimit) {
      this.recentlyHeard.delete(this.recentlyHeard.values().next().value!);
    }
    const release = this.awaited.get(change.id);
    if (release) {
      this.awaited.delete(change.id);
      release();
    }
  }

  private dispatch(change: CatalogueChange): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(change);
      } catch (error) {
        this.log.error({ err: error }, 'catalogue events: a subscriber failed');
      }
    }
  }
}
