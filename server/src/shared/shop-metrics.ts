import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets in seconds: a cached answer (under 5 ms) to a request at the statement time limit (5 s). */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A label whose values come from outside (operation names): the first `limit` distinct ones, the rest "other". */
export class BoundedLabel {
  private readonly seen = new Set<string>();

  constructor(
    private readonly limit: number,
    private readonly shape: RegExp,
  ) {}

  of(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.limit || !this.shape.test(value)) return 'other';
    this.seen.add(value);
    return value;
  }
}

/** How many distinct GraphQL operation names get a series of their own (the client sends a few dozen). */
export const operationNameLimit = 100;
const operationNameShape = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const httpMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const operationTypes = new Set(['query', 'mutation', 'subscription']);

/** A cache's own tallies, read at each scrape (the caches count with plain numbers; nothing runs per lookup). */
export interface CacheTally {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** The database pool as a scrape finds it (knex's tarn pool). */
export interface PoolState {
  used: number;
  free: number;
  /** Requests waiting for a connection. */
  waiting: number;
  max: number;
}

/** The notification queue by channel: jobs still to send, and jobs given up on (modules/notifications). */
export type NotificationQueueState = { channel: string; waiting: number; failed: number }[];

/** What the scrape reads from the app's parts; each is optional so a part the app lacks is simply not reported. */
export interface MetricSources {
  responseCache?: () => CacheTally;
  productViews?: () => CacheTally;
  pool?: () => PoolState | undefined;
  notificationQueue?: () => Promise<NotificationQueueState>;
}

/** How long a scrape waits for the notification queue's count before it reports the last one it had. */
const queueCountWaitMs = 1_000;

/**
 * One instance's Prometheus metrics, in a registry of its own (tests run several apps in one process): the HTTP and
 * GraphQL traffic, the caches, the pool, statements, catalogue events, notifications, payments and orders, and
 * Node's process metrics (decision 0107). Every label takes a bounded set of values. The HTTP layer reports
 * requests; modules report what they did through `metricsOf(em)`; the rest is read when Prometheus scrapes.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private sources: MetricSources = {};
  private readonly operationNames = new BoundedLabel(operationNameLimit, operationNameShape);
  private readonly paymentChannels = new BoundedLabel(10, /^[a-z_]{1,20}$/);

  private readonly httpRequests = new Counter({
    name: 'manukato_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: 'manukato_http_request_duration_seconds',
    help: 'Time from the request reaching the shop to its answer being written, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: latencyBuckets,
    registers: [this.registry],
  });

  private readonly graphqlOperations = new Counter({
    name: 'manukato_graphql_operations_total',
    help: `GraphQL operations executed, by operation name (the first ${operationNameLimit} names, then "other"), type and outcome (ok, or error: errors in the answer).`,
    labelNames: ['operation', 'type', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly graphqlDuration = new Histogram({
    name: 'manukato_graphql_operation_duration_seconds',
    help: 'Time to execute a GraphQL operation and write its answer, by operation name and type.',
    labelNames: ['operation', 'type'] as const,
    buckets: latencyBuckets,
    registers: [this.registry],
  });

  private readonly statementErrors = new Counter({
    name: 'manukato_db_statement_errors_total',
    help: 'SQL statements that failed, by kind: timeout (statement_timeout), lock_timeout, serialization (or deadlock), connection, constraint, other.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly slowStatements = new Counter({
    name: 'manukato_db_slow_statements_total',
    help: 'SQL statements that took SLOW_STATEMENT_MS or longer (each is logged with its request id).',
    registers: [this.registry],
  });

  private readonly acquireFailures = new Counter({
    name: 'manukato_db_pool_acquire_failures_total',
    help: 'Requests for a pooled connection that failed: none free within DB_ACQUIRE_TIMEOUT_MS, or PostgreSQL unreachable.',
    registers: [this.registry],
  });

  private readonly eventLag = new Histogram({
    name: 'manukato_event_lag_seconds',
    help: 'From a catalogue change being announced (its NOTIFY, by the writing instance) to this instance having applied it.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly payments = new Counter({
    name: 'manukato_payments_total',
    help: 'Payments settled by this instance, by outcome (completed, failed) and channel (mpesa, card, on_delivery).',
    labelNames: ['outcome', 'channel'] as const,
    registers: [this.registry],
  });

  private readonly ordersPlaced = new Counter({
    name: 'manukato_orders_placed_total',
    help: 'Orders placed through this instance, by payment method.',
    labelNames: ['payment_method'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const sources = () => this.sources;
    const registers = [this.registry];
    const cacheMetrics = (cache: string, read: () => CacheTally | undefined) => {
      new Counter({
        name: `manukato_${cache}_lookups_total`,
        help: `Lookups in the ${cache.replaceAll('_', ' ')}, by result (hit, miss).`,
        labelNames: ['result'] as const,
        registers,
        collect() {
          const tally = read();
          if (!tally) return;
          this.reset();
          this.inc({ result: 'hit' }, tally.hits);
          this.inc({ result: 'miss' }, tally.misses);
        },
      });
      new Gauge({
        name: `manukato_${cache}_entries`,
        help: `Entries the ${cache.replaceAll('_', ' ')} holds.`,
        registers,
        collect() {
          const tally = read();
          if (tally) this.set(tally.entries);
        },
      });
      new Gauge({
        name: `manukato_${cache}_bytes`,
        help: `Bytes the ${cache.replaceAll('_', ' ')} counts as held (within its share of CACHE_MAX_MB).`,
        registers,
        collect() {
          const tally = read();
          if (tally) this.set(tally.bytes);
        },
      });
    };
    cacheMetrics('response_cache', () => sources().responseCache?.());
    cacheMetrics('product_view_cache', () => sources().productViews?.());
    new Gauge({
      name: 'manukato_db_pool_connections',
      help: "The database pool's connections, by state (used: lent to a request or job; free: open and idle).",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = sources().pool?.();
        if (!pool) return;
        this.set({ state: 'used' }, pool.used);
        this.set({ state: 'free' }, pool.free);
      },
    });
    new Gauge({
      name: 'manukato_db_pool_waiting',
      help: 'Requests and jobs waiting for a pooled connection.',
      registers,
      collect() {
        const pool = sources().pool?.();
        if (pool) this.set(pool.waiting);
      },
    });
    new Gauge({
      name: 'manukato_db_pool_max',
      help: 'The most connections the pool opens.',
      registers,
      collect() {
        const pool = sources().pool?.();
        if (pool) this.set(pool.max);
      },
    });
    let lastQueue: NotificationQueueState = [];
    new Gauge({
      name: 'manukato_notification_jobs',
      help: 'Notification jobs in the shared queue (the same figure on every instance), by state (waiting: still to send; failed: given up) and channel.',
      labelNames: ['state', 'channel'] as const,
      registers,
      async collect() {
        const read = sources().notificationQueue;
        if (!read) return;
        // A database that is slow or away must not stall the scrape: the last figures stand meanwhile.
        lastQueue = (await withinMs(read(), queueCountWaitMs)) ?? lastQueue;
        this.reset();
        for (const { channel, waiting, failed } of lastQueue) {
          this.set({ state: 'waiting', channel }, waiting);
          this.set({ state: 'failed', channel }, failed);
        }
      },
    });
  }

  /** Where the scrape reads the caches, the pool and the notification queue (set once the app has built them). */
  readFrom(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** An HTTP answer written: `route` is a template ('/api/products/:id'), never the raw URL. */
  requestAnswered(method: string | undefined, route: string, status: number, seconds: number): void {
    const methodLabel = method && httpMethods.has(method) ? method : 'other';
    this.httpRequests.inc({ method: methodLabel, route, status: String(status) });
    this.httpDuration.observe({ method: methodLabel, route }, seconds);
  }

  /** A GraphQL operation executed (on Apollo or the direct path); an unnamed one is "anonymous". */
  operationExecuted(name: string | null | undefined, type: string | undefined, ok: boolean, seconds: number): void {
    const operation = name ? this.operationNames.of(name) : 'anonymous';
    const typeLabel = type && operationTypes.has(type) ? type : 'unknown';
    this.graphqlOperations.inc({ operation, type: typeLabel, outcome: ok ? 'ok' : 'error' });
    this.graphqlDuration.observe({ operation, type: typeLabel }, seconds);
  }

  statementFailed(kind: string): void {
    this.statementErrors.inc({ kind });
  }

  statementWasSlow(): void {
    this.slowStatements.inc();
  }

  connectionNotAcquired(): void {
    this.acquireFailures.inc();
  }

  /** A catalogue change applied here; `announcedAt` is the writer's clock (ms) when it announced it. */
  eventApplied(announcedAt: number): void {
    this.eventLag.observe(Math.max(0, Date.now() - announcedAt) / 1000);
  }

  paymentSettled(outcome: 'completed' | 'failed', channel: string): void {
    this.payments.inc({ outcome, channel: this.paymentChannels.of(channel) });
  }

  orderPlaced(paymentMethod: string): void {
    this.ordersPlaced.inc({ payment_method: this.paymentChannels.of(paymentMethod) });
  }

  /** The text Prometheus scrapes, and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

async function withinMs<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each app's metrics by its ORM's configuration, which every EntityManager of that app (forks and transactions
 * included) carries: a service or job reports through the `em` it already has, and two apps in one process (the
 * tests) never count into each other's.
 */
const metricsByOrm = new WeakMap<object, ShopMetrics>();

/**
 * Makes `metrics` the ones this ORM's services report to, unless an app already holds it (a test reading a second
 * app's routes off the same ORM leaves the first app's counting); answers the undoing, for the app's stop.
 */
export function reportMetricsFor(orm: { config: object }, metrics: ShopMetrics): () => void {
  if (!metricsByOrm.has(orm.config)) metricsByOrm.set(orm.config, metrics);
  return () => {
    if (metricsByOrm.get(orm.config) === metrics) metricsByOrm.delete(orm.config);
  };
}

/** The metrics of the app this EntityManager belongs to; undefined when metrics are off. */
export function metricsOf(em: { config: object }): ShopMetrics | undefined {
  return metricsByOrm.get(em.config);
}
