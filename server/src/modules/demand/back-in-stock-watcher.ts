import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config/config';
import type { CatalogueChange } from '../../events/catalogue-change';
import { tellWaitingShoppers } from './back-in-stock.service';

/**
 * Tells waiting shoppers when the stock of what they wait for changes (decision 0105). Every instance subscribes
 * to the catalogue changes announced after commit (a restock by the admin, a CSV import, a refund's restock, a
 * cancelled or expired order's stock given back) and claims the waiting requests of the products named; the claim
 * in SQL makes each message go once, however many instances heard the change. "Everything" (a start, a lost
 * listening connection, a write made past the services) and the periodic sweep look at every product.
 *
 * One run at a time per instance: changes heard meanwhile are gathered into the next run.
 */
export class BackInStockWatcher {
  private running: Promise<void> | undefined;
  private pending: Set<number> | 'all' | undefined;
  /** Runs finished (tests wait on it). */
  runs = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly config: Pick<AppConfig, 'publicUrl' | 'secretKey'>,
    private readonly log: Logger,
  ) {}

  /**
   * A catalogue change heard: its products' waiting shoppers are looked at (stock moved, or was edited). A sale's
   * change is not: stock that only fell serves nobody, and every order would otherwise cost a transaction here.
   */
  heard(change: CatalogueChange): void {
    const stockIds = change.stockOnlyFell === true ? [] : (change.stockChangedIds ?? []);
    const ids = [...stockIds, ...(change.productIds ?? [])];
    if (change.everything) this.pending = 'all';
    else if (ids.length === 0) return;
    else if (this.pending !== 'all') this.pending = new Set([...(this.pending ?? []), ...ids]);
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves once no run is under way or due. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    while (this.pending) {
      const wanted = this.pending;
      this.pending = undefined;
      try {
        const told = await tellWaitingShoppers(this.em.fork(), this.config, wanted === 'all' ? 'all' : [...wanted]);
        if (told > 0) this.log.info({ told }, 'back in stock: shoppers told');
      } catch (error) {
        // Left waiting: the next change or the periodic sweep claims them again.
        this.log.error({ err: error }, 'back in stock: could not tell waiting shoppers');
      }
      this.runs += 1;
    }
  }
}
