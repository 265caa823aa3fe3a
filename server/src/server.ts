import type { Server } from 'node:http';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { connectionName, shopSettingsOf, type AppConfig } from './config/config';
import { lockDataDirectory } from './db/data-dir-lock';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded-postgres';
import { initOrm } from './db/orm';
import { prepareDatabase } from './db/startup';
import { createApp } from './http/app';
import { createShopHttpServer } from './http/connection-timeouts';
import { listenPrivately, openPublicPort, probePort } from './http/public-port';
import type { Readiness } from './http/readiness';
import { releaseExpiredReservations } from './modules/orders/orders.service';
import { reconcilePendingPayments, reconcilePendingRefunds } from './modules/payments/reconcile-payments';
import { deliverDueNotifications } from './modules/notifications/notifications.service';
import { queueLowStockDigest } from './modules/notifications/owner-alerts';
import { BackInStockWatcher } from './modules/demand/back-in-stock-watcher';
import { queueCartReminders } from './modules/demand/cart-reminders.service';
import { createFileStorage } from './storage/create-file-storage';
import { paystackSimulatorKey } from './modules/payments/paystack-stand-in/key';

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

/**
 * Starts the whole shop in one process: checks the port first (so a second start fails in milliseconds), then
 * the database (embedded unless DATABASE_URL), migrations, seeds and the app, and only then opens the port: an
 * instance joins a fleet when it can answer, and until then its port refuses connections (decision 0069).
 * stop() drains: the port closes, open connections are let go within SHUTDOWN_DRAIN_SECONDS, then the rest stops.
 */
export async function startShop(configured: AppConfig, log: Logger): Promise<RunningShop> {
  let config = configured;
  const httpServer = createShopHttpServer(config.http);
  await probePort(config.port, config.host);

  // Undone in reverse order on stop: the connections first, the database last.
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
    const orm = await initOrm({
      databaseUrl,
      log,
      limits: config.databaseLimits,
      applicationName: connectionName('manukato', config.instanceName),
    });
    cleanups.push({ step: 'close the ORM', run: () => orm.close() });
    const storage = createFileStorage(config);
    cleanups.push({ step: 'close the file storage', run: async () => storage.close() });
    // Migrations, seeds, the admin account and the shared signing secret, one instance at a time.
    const { secretKey } = await prepareDatabase(orm, config, storage, log);
    config = { ...config, secretKey };
    const handle = await createApp(orm, config, log, httpServer, storage);
    httpServer.on('request', handle.handle);
    // The loopback the process calls itself on (the payment stand-in): open until the very end of a drain.
    await listenPrivately(httpServer);
    // The jobs below take the settings applying a payment takes (ShopSettings), derived once from the config.
    const shopSettings = shopSettingsOf(config);
    // Unpaid orders hold stock only so long: give it back every minute (and once at start).
    // A payment whose webhook was lost is verified with Paystack first, so its hold is not given back; one for an
    // order that no longer waits for it (cancelled meanwhile) is still asked about for a day.
    const releaseReservations = () =>
      reconcilePendingPayments(orm.em.fork(), handle.paystack(), { ...shopSettings, log })
        .catch((error: unknown) => log.error({ err: error }, 'could not reconcile pending payments'))
        // A refund whose answer from Paystack was lost is asked about too, so it does not stay pending for ever.
        .then(() => reconcilePendingRefunds(orm.em.fork(), handle.paystack(), { ...shopSettings, log }))
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
    // One run at a time: a tick while a slow provider still has the last run's message is skipped, not stacked.
    let delivering: Promise<unknown> | undefined;
    const deliver = () => {
      delivering ??= deliverDueNotifications(orm.em.fork(), {
        mailer: handle.mailer,
        sms: handle.sms,
        whatsapp: handle.whatsapp,
        log,
      })
        .catch((error: unknown) => log.error({ err: error }, 'could not deliver notifications'))
        .finally(() => {
          delivering = undefined;
        });
    };
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
    // Demand signals (decision 0105). Shoppers waiting for a size are told when a change announces its stock moved,
    // and every five minutes whatever changed (a claim in SQL: once across instances).
    const backInStock = new BackInStockWatcher(orm.em, config, log);
    handle.events.subscribe((change) => backInStock.heard(change));
    backInStock.heard({ everything: true });
    const backInStockTimer = setInterval(() => backInStock.heard({ everything: true }), 5 * 60_000);
    backInStockTimer.unref();
    cleanups.push({ step: 'stop the back-in-stock sweep', run: async () => clearInterval(backInStockTimer) });
    // Carts left untouched get their one reminder: looked for every minute (more often when the wait is short).
    const remindCarts = () =>
      queueCartReminders(orm.em.fork(), config)
        .then((queued) => {
          if (queued > 0) log.info({ queued }, 'cart reminders queued');
        })
        .catch((error: unknown) => log.error({ err: error }, 'could not queue cart reminders'));
    const cartReminderTimer = setInterval(
      remindCarts,
      Math.min(60_000, Math.max(1_000, config.cartReminderAfterMs / 4)),
    );
    cartReminderTimer.unref();
    cleanups.push({ step: 'stop the cart reminder timer', run: async () => clearInterval(cartReminderTimer) });
    cleanups.push({ step: 'stop Apollo', run: () => handle.apollo.stop() });
    // Start-up is over: readiness may now say so (it still asks PostgreSQL on every check), and the instance joins.
    handle.readiness.markStarted();
    const opened = await openPublicPort(httpServer, config.port, config.host);
    cleanups.push({
      step: 'drain connections',
      run: async () => {
        // /readyz answers 503 "draining" from here on, on the connections still open.
        handle.readiness.markDraining();
        if (opened.connections > 0) {
          log.info(
            { connections: opened.connections },
            `waiting up to ${config.http.drainMs / 1000} s for open connections to end (SHUTDOWN_DRAIN_SECONDS)`,
          );
        }
        const { cutOff } = await opened.drain(config.http.drainMs);
        if (cutOff > 0) log.warn({ cutOff }, `closed ${cutOff} connections still open after the drain`);
      },
    });
    const port = opened.port;
    // Printed in the start banner so an outside client can drive the stand-in too.
    const paystackKey = config.paystack.simulator ? paystackSimulatorKey(config.secretKey) : undefined;
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
