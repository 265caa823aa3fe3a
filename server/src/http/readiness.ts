import { Pool } from 'pg';

/** What this instance last heard from PostgreSQL: `unknown` until the first check. */
export type DatabaseState = 'ok' | 'unreachable' | 'unknown';

export interface ReadinessReport {
  ready: boolean;
  /** ready; starting (start-up not finished); draining (stopping: finish what is in flight, take nothing new). */
  status: 'ready' | 'starting' | 'draining' | 'unavailable';
  database: DatabaseState;
}

export interface ReadinessOptions {
  /** How long a check waits for PostgreSQL (connecting included) before calling it unreachable. */
  checkTimeoutMs?: number;
  /** A check's answer is reused this long, so probes (or anyone) asking often cost one query a second at most. */
  reuseMs?: number;
  /** The probe connection's application_name; readinessApplicationName unless the instance names itself there. */
  applicationName?: string;
}

/** The probe connection's name in pg_stat_activity. */
export const readinessApplicationName = 'manukato-readiness';

/**
 * Whether this instance can serve, for a load balancer or an orchestrator (GET /readyz, decision 0067): start-up
 * finished, not draining, and PostgreSQL answering. The database is asked on a connection of the probe's own,
 * never the pool's: a pool that is busy (or stuck behind a lock) must not make every instance look down at once,
 * and a full PostgreSQL (too many connections) still answers on a connection already open. One check at a time;
 * everyone asking meanwhile gets its answer.
 */
export class Readiness {
  private started = false;
  private draining = false;
  private database: DatabaseState = 'unknown';
  private lastCheck: { at: number; settled: boolean; answer: Promise<DatabaseState> } | undefined;
  private readonly pool: Pool;
  private readonly reuseMs: number;

  constructor(
    databaseUrl: string,
    { checkTimeoutMs = 2_000, reuseMs = 1_000, applicationName = readinessApplicationName }: ReadinessOptions = {},
  ) {
    this.reuseMs = reuseMs;
    this.pool = new Pool({
      connectionString: databaseUrl,
      application_name: applicationName,
      max: 1,
      // Kept open: a check must not need a new connection when PostgreSQL has none left to give.
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: checkTimeoutMs,
      // Bounded on both sides: the server cancels, and the client stops waiting if the network says nothing.
      statement_timeout: checkTimeoutMs,
      query_timeout: checkTimeoutMs,
    });
    // The idle connection died (PostgreSQL restarted): the pool drops it and the next check opens another.
    this.pool.on('error', () => {
      this.database = 'unreachable';
    });
  }

  /** Start-up is over: migrations applied, the app built, the jobs started. */
  markStarted(): void {
    this.started = true;
  }

  /** This instance is stopping: readiness says so from now on, so the load balancer sends it nothing new. */
  markDraining(): void {
    this.draining = true;
  }

  /** The last check's answer, without asking (liveness shows it). */
  get lastDatabaseState(): DatabaseState {
    return this.database;
  }

  /** Asks PostgreSQL in the background (reusing a recent answer), for callers that must not wait. */
  refreshInBackground(): void {
    void this.databaseState();
  }

  async check(): Promise<ReadinessReport> {
    const database = await this.databaseState();
    const status = this.draining
      ? 'draining'
      : !this.started
        ? 'starting'
        : database === 'ok'
          ? 'ready'
          : 'unavailable';
    return { ready: status === 'ready', status, database };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private databaseState(): Promise<DatabaseState> {
    const now = Date.now();
    const last = this.lastCheck;
    if (last && (!last.settled || now - last.at < this.reuseMs)) return last.answer;
    const check = {
      at: now,
      settled: false,
      answer: this.pool.query('select 1').then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
    };
    check.answer = check.answer.then((state) => {
      check.settled = true;
      this.database = state;
      return state;
    });
    this.lastCheck = check;
    return check.answer;
  }
}
