import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { shopSettingsOf, type AppConfig } from './config/config';
import { lockDataDirectory } from './db/data-dir-lock';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded-postgres';
import { initOrm } from './db/orm';
import { prepareDatabase } from './db/startup';
import { createApp, type AppHandle } from './http/app';
import type { Readiness } from './http/readiness';
import { answerClientErrors } from './http/client-errors';
import { releaseExpiredReservations } from './modules/orders/orders.service';
import { reconcilePendingPayments, reconcilePendingRefunds } from './modules/payments/reconcile-payments';
import { deliverDueNotifications } from './modules/notifications/notifications.service';
import { queueLowStockDigest } from './modules/notifications/owner-alerts';
import { createFileStorage } from './storage/create-file-storage';
import { paystackSimulatorKey } from './modules/payments/paystack-simulator';

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use (is another server running?). Stop it or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

export interface RunningShop {
  url: string;
  port: number;
  orm: MikroORM;
  httpServer: Server;
  stop(): Promise<void>;
  /** The payment stand-in's secret key in test mode, for the start banner. */
  paystackSimulatorKey: string | undefined;
  /** GET /readyz's state: started once startShop returns; markDraining() when the instance stops taking requests. */
  readiness: Readiness;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/**
 * Starts the whole shop in one process: takes the port first (so a second start fails in
 * milliseconds), then the database (embedded unless DATABASE_URL), migrations, seeds and the app.
 * Until the app is ready, requests get 503.
 */
export async function startShop(configured: AppConfig, log: Logger): Promise<RunningShop> {
  let config = configured;
  let handle: AppHandle | undefined;
  const httpServer = createServer((request, response) => {
    if (handle) {
      handle.handle(request, response);
      return;
    }
    response
      .writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' })
      .end('{"success":false,"message":"Starting up"}');
  });
  httpServer.keepAliveTimeout = 65_000;
  answerClientErrors(httpServer);
  await listen(httpServer, config.port, config.host);

  // Undone in reverse order on stop: the app first, the database last.
  const cleanups: { step: string; run: () => Promise<void> }[] = [
    { step: 'close the HTTP server', run: () => new Promise<void>((resolve) => httpServer.close(() => resolve())) },
  ];
  const stop = async () => {
    for (const { step, run } of cleanups.splice(0).reverse()) {
      log.debug({ step }, 'shutdown step');
      await run().catch((error: unknown) => log.warn({ err: error, step }, 'error during shutdown'));
    }
  };
  try {
    const unlock = await lockDataDirectory(config.dataDir);
    cleanups.push({ step: 'unlock the data directory', run: unlock });
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const database: EmbeddedDatabase = await startEmbeddedDatabase({
        databaseDir: path.join(config.dataDir, 'db'),
        log,
      });
      cleanups.push({ step: 'stop the embedded database', run: () => database.stop() });
      databaseUrl = database.url;
    }
    const orm = await initOrm({ databaseUrl, log, limits: config.databaseLimits });
    cleanups.push({ step: 'close the ORM', run: () => orm.close() });
    const storage = createFileStorage(config);
    cleanups.push({ step: 'close the file storage', run: async () => storage.close() });
    // Migrations, seeds, the admin account and the shared signing secret, one instance at a time.
    const { secretKey } = await prepareDatabase(orm, config, storage, log);
    config = { ...config, secretKey };
    handle = await createApp(orm, config, log, httpServer, storage);
    // The jobs below take the settings applying a payment takes (ShopSettings), derived once from the config.
    const shopSettings = shopSettingsOf(config);
    // Unpaid orders hold stock only so long: give it back every minute (and once at start).
    // A payment whose webhook was lost is verified with Paystack first, so its hold is not given back.
    const releaseReservations = () =>
      reconcilePendingPayments(orm.em.fork(), handle!.paystack(), { ...shopSettings, log })
        .catch((error: unknown) => log.error({ err: error }, 'could not reconcile pending payments'))
        // A refund whose answer from Paystack was lost is asked about too, so it does not stay pending for ever.
        .then(() => reconcilePendingRefunds(orm.em.fork(), handle!.paystack(), { ...shopSettings, log }))
        .catch((error: unknown) => log.error({ err: error }, 'could not reconcile pending refunds'))
        .then(() => releaseExpiredReservations(orm.em.fork()))
        .then((released) => {
          if (released > 0) {
            log.info({ released }, 'released the stock of expired unpaid orders');
          }
        })
        .catch((error: unknown) => log.error({ err: error }, 'could not release expired reservations'));
    void releaseReservations();
    // Confirmations and other queued messages, sent outside the requests that caused them.
    const deliver = () =>
      deliverDueNotifications(orm.em.fork(), { mailer: handle!.mailer, sms: handle!.sms, log }).catch(
        (error: unknown) => log.error({ err: error }, 'could not deliver notifications'),
      );
    const notificationTimer = setInterval(deliver, 5_000);
    notificationTimer.unref();
    cleanups.push({ step: 'stop the notification timer', run: async () => clearInterval(notificationTimer) });
    // The owner's daily low-stock digest: asked every 15 minutes, sent by one instance once a day (owner-alerts.ts).
    const digest = () =>
      queueLowStockDigest(orm.em.fork(), shopSettings).catch((error: unknown) =>
        log.error({ err: error }, 'could not queue the low-stock digest'),
      );
    void digest();
    const digestTimer = setInterval(digest, 15 * 60_000);
    digestTimer.unref();
    cleanups.push({ step: 'stop the low-stock digest timer', run: async () => clearInterval(digestTimer) });
    const reservationTimer = setInterval(releaseReservations, 60_000);
    reservationTimer.unref();
    cleanups.push({ step: 'stop the reservation timer', run: async () => clearInterval(reservationTimer) });
    cleanups.push({ step: 'stop Apollo and drain requests', run: () => handle!.apollo.stop() });
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // Printed in the start banner so an outside client can drive the stand-in too.
    const paystackKey = config.paystack.simulator ? paystackSimulatorKey(config.secretKey) : undefined;
    // Start-up is over: readiness may now say so (it still asks PostgreSQL on every check).
    handle.readiness.markStarted();
    return {
      url: `http://localhost:${port}`,
      port,
      orm,
      httpServer,
      stop,
      paystackSimulatorKey: paystackKey,
      readiness: handle.readiness,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
