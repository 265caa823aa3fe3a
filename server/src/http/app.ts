import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import express, { Router, type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ApolloServer } from '@apollo/server';
import { connectionName, type AppConfig } from '../config/config';
import { createApolloServer } from '../graphql/apollo';
import { buildAppSchema } from '../graphql/schema';
import { graphqlValidationRules } from '../graphql/limits';
import { adoptAppPrototypes } from './express-born-requests';
import { createDirectQueries } from './direct-queries';
import { catalogRoutes } from '../modules/catalog/catalog.routes';
import { catalogAdminRoutes } from '../modules/catalog/catalog-admin.routes';
import { dropViewsAffectedBy, ProductViewCache } from '../modules/catalog/product-view-cache';
import { dropListsAffectedBy, ListReadCache } from '../modules/catalog/list-read-cache';
import { reviewsRoutes } from '../modules/reviews/reviews.routes';
import { accountsRoutes } from '../modules/accounts/accounts.routes';
import { cartRoutes } from '../modules/cart/cart.routes';
import { ordersRoutes } from '../modules/orders/orders.routes';
import { adminRoutes } from '../modules/admin/admin.routes';
import { auditRoutes } from '../modules/audit/audit.routes';
import { newsletterRoutes } from '../modules/newsletter/newsletter.routes';
import { paymentsRoutes, paystackWebhookRoutes } from '../modules/payments/payments.routes';
import { paystackStandIn } from '../modules/payments/paystack-stand-in';
import { paystackSimulatorKey } from '../modules/payments/paystack-stand-in/key';
import { createPaystackClient, type PaystackClient } from '../modules/payments/paystack-client';
import { AppError } from '../core/errors';
import { inputGuard } from './input-guard';
import { graphqlUploads } from './graphql-upload';
import { restErrorHandler } from './error-handler';
import type { RequestContext } from '../core/request-context';
import { requestContextMiddleware } from './request-context';
import { requestIdFor } from './request-id';
import { compressAnswers } from './content-encoding';
import { ResponseCache } from './response-cache';
import { splitCacheBudget } from '../shared/cache-budget';
import { cachedPublicly, cachePublicGraphQL, dropAnswersAffectedBy } from './cache-responses';
import { CatalogueEvents, listenerApplicationName } from '../events/catalogue-events';
import { seoRoutes } from './seo-routes';
import { pageRoute } from './page-rendering';
import { createMailer, type Mailer } from '../mail/mailer';
import { demandRoutes } from '../modules/demand/demand.routes';
import { createSmsSender, type SmsSender } from '../modules/notifications/sms';
import { createWhatsAppSender, type WhatsAppSender } from '../modules/notifications/whatsapp';
import { whatsappWebhookRoutes } from '../modules/notifications/whatsapp.routes';
import { trustFunction } from './client-address';
import { redactRequestLog } from './log-redaction';
import { securityHeaders, setHeaderLines } from './security-headers';
import { createFileStorage } from '../storage/create-file-storage';
import type { FileStorage } from '../storage/file-storage';
import { uploadsRoute } from '../storage/uploads-route';
import { Readiness, readinessApplicationName } from './readiness';
import { reportMetricsFor, ShopMetrics } from '../shared/shop-metrics';
import { runInRequestScope } from '../core/request-scope';
import { monitorStatements, poolStateOf } from '../db/statement-monitor';
import { operationMetricsPlugin } from '../graphql/operation-metrics';
import { notificationQueueState } from '../modules/notifications/notification-queue';
import { answerScrape, listenForScrapes, type MetricsListener } from './metrics-endpoint';
import { measureRequest } from './request-metrics';

export interface AppHandle {
  app: Express;
  apollo: ApolloServer<RequestContext>;
  responseCache: ResponseCache;
  /** Products as shoppers see them, by id (decision 0062). */
  productViews: ProductViewCache;
  /** Pages' product ids and counts (decision 0093). */
  listReads: ListReadCache;
  /** Catalogue changes heard from every instance (this one included). */
  events: CatalogueEvents;
  /** The bytes the direct path's caches hold (tests check it stays within its budget). */
  directQueryCacheBytes: () => number;
  mailer: Mailer;
  sms: SmsSender;
  /** The Cloud API, or the outbox without WHATSAPP_TOKEN (for the notification worker). */
  whatsapp: WhatsAppSender;
  /** Paystack (or the stand-in) for work outside requests: the reconciliation job. */
  paystack: () => PaystackClient;
  /**
   * Whether this instance can serve (GET /readyz): whoever starts the app marks it started when start-up is over,
   * and draining when it stops taking requests.
   */
  readiness: Readiness;
  /** The HTTP server's request listener: cached public answers first, then the app. */
  handle: (request: IncomingMessage, response: ServerResponse) => void;
}

/** The spec's REST calls, mounted both under /api and without the prefix (spec §7 uses both). */
function restRouter(): Router {
  const router = Router();
  router.use(catalogRoutes(cachedPublicly));
  router.use(catalogAdminRoutes());
  router.use(reviewsRoutes(cachedPublicly));
  router.use(accountsRoutes());
  router.use(cartRoutes());
  router.use(ordersRoutes());
  router.use(paymentsRoutes());
  router.use(adminRoutes());
  router.use(auditRoutes());
  return router;
}

const oneYear = 365 * 24 * 60 * 60;

export async function createApp(
  orm: MikroORM,
  config: AppConfig,
  log: Logger,
  httpServer: Server,
  storage: FileStorage = createFileStorage(config),
): Promise<AppHandle> {
  const schema = await buildAppSchema();
  const cacheBudget = splitCacheBudget(config.cacheMaxBytes);
  // One rules object for both GraphQL paths (Apollo and direct-queries.ts): they cannot drift apart.
  const validationRules = graphqlValidationRules(config.graphql, config.graphql.introspection);
  const apollo = createApolloServer(schema, config, log, httpServer, cacheBudget, validationRules);
  // Metrics are counted only when someone can read them (decision 0107); services find them through their em.
  const metrics = config.metrics.token || config.metrics.port ? new ShopMetrics() : undefined;
  const stopReporting = metrics ? reportMetricsFor(orm, metrics) : () => undefined;
  if (metrics) apollo.addPlugin(operationMetricsPlugin(metrics));
  const stopMonitoring = monitorStatements(orm, { log, slowStatementMs: config.slowStatementMs, metrics });
  const events = new CatalogueEvents(orm, log, {
    applicationName: connectionName(listenerApplicationName, config.instanceName),
    onApplied: metrics && ((announcedAt) => metrics.eventApplied(announcedAt)),
  });
  await events.start();
  const readiness = new Readiness(orm.config.get('clientUrl'), {
    applicationName: connectionName(readinessApplicationName, config.instanceName),
  });
  const metricsListener: MetricsListener | undefined =
    metrics && config.metrics.port
      ? await listenForScrapes(metrics, {
          port: config.metrics.port,
          host: config.host,
          token: config.metrics.token,
          log,
        })
      : undefined;
  // Stopped with Apollo: whoever stops the app (server.ts, the tests) stops Apollo first.
  apollo.addPlugin({
    serverWillStart: async () => ({
      serverWillStop: async () => {
        await events.close();
        await readiness.close();
        await metricsListener?.close();
        stopMonitoring();
        stopReporting();
      },
    }),
  });
  await apollo.start();

  const app = express();
  adoptAppPrototypes(httpServer, app);
  app.disable('x-powered-by');
  // X-Forwarded-For only from the proxies TRUST_PROXY names (none by default); client-address.ts reads it alike.
  app.set('trust proxy', trustFunction(config.trustProxy));
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: log,
      serializers: { req: redactRequestLog },
      genReqId: (request, response) => {
        const id = requestIdFor(request);
        response.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: {
        ignore: (request) =>
          request.url?.startsWith('/assets/') === true || request.url?.startsWith('/uploads/') === true,
      },
      customLogLevel: (_request, response, error) =>
        error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    }),
  );

  // Text answers (HTML, JSON, JS, CSS) compressed on the way out, and marked `Vary: Accept-Encoding` whatever the
  // request sent, by the rule the direct path and the response cache follow too (content-encoding.ts).
  app.use(compressAnswers());

  // Liveness: the process answers, so its event loop runs. Never waits on the database or the pool (a held lock
  // or a busy pool must not make a supervisor restart a healthy process); shows what readiness last heard.
  app.get('/healthz', (_request, response) => {
    readiness.refreshInBackground();
    response.set('Cache-Control', 'no-store').json({ status: 'ok', database: readiness.lastDatabaseState });
  });
  // Readiness: started, not draining, and PostgreSQL answering within a short limit on the probe's own connection.
  app.get('/readyz', async (_request, response) => {
    const { ready, status, database } = await readiness.check();
    response.set('Cache-Control', 'no-store');
    if (!ready) response.status(503).set('Retry-After', '1');
    response.json({ status, database });
  });

  // Without a port of their own, the metrics are here for the bearer of METRICS_TOKEN; otherwise not here at all.
  if (metrics && config.metrics.token && !config.metrics.port) {
    // Its own input guard: it comes before the session lookup (a scrape costs no statement) and the REST guard.
    app.get('/metrics', inputGuard(), answerScrape(metrics, config.metrics.token, log));
  }

  const uploads = uploadsRoute(storage, log);
  app.use('/uploads', uploads);
  app.use('/api/uploads', uploads);

  const responseCache = new ResponseCache(cacheBudget.responses);
  events.subscribe((change) => dropAnswersAffectedBy(responseCache, change));
  const productViews = new ProductViewCache(cacheBudget.productViews);
  events.subscribe((change) => dropViewsAffectedBy(productViews, change));
  const listReads = new ListReadCache(cacheBudget.listReads);
  events.subscribe((change) => dropListsAffectedBy(listReads, change));
  metrics?.readFrom({
    responseCache: () => responseCache.tally(),
    productViews: () => productViews.tally(),
    pool: () => poolStateOf(orm),
    notificationQueue: () => notificationQueueState(orm.em.fork()),
  });
  const mailer = createMailer(config, log);
  const sms = createSmsSender(config, log);
  const whatsapp = createWhatsAppSender(config, log);
  // Paystack, or (without a secret key) the shop's own stand-in, reached over loopback like the real API.
  const loopback = () => {
    const address = httpServer.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : config.port}`;
  };
  // The stand-in's key derives from the shared signing secret: every instance signs and checks its webhooks alike.
  const paystackSecret = config.paystack.secretKey ?? paystackSimulatorKey(config.secretKey);
  const paystackBase = () =>
    config.paystack.secretKey
      ? (config.paystack.baseUrl ?? 'https://api.paystack.co')
      : `${loopback()}/paystack-simulator`;
  const paystack = () => createPaystackClient(paystackBase(), paystackSecret);
  const contextDependencies = { orm, config, responseCache, mailer, sms, storage, paystack, productViews, listReads };
  app.use(requestContextMiddleware(contextDependencies));
  // Before any JSON parser: the webhook's signature is over the raw body.
  const webhook = paystackWebhookRoutes(() => paystackSecret);
  app.use('/api', webhook);
  app.use(webhook);
  app.use('/api', whatsappWebhookRoutes());
  // RFC 8058's one-click unsubscribe is a form-encoded POST from a mail client: before the JSON-only rule below
  // (its token, not a cookie, says whose subscription it is).
  app.use('/api', newsletterRoutes());
  // Likewise the back-in-stock and cart reminder e-mails' one-click stop (decision 0105).
  app.use('/api', demandRoutes());
  if (config.paystack.simulator) {
    log.warn('test mode: payments go through the local Paystack stand-in, and no money moves');
    app.use(
      '/paystack-simulator',
      express.json({ limit: '100kb' }),
      paystackStandIn({
        secretKey: paystackSecret,
        webhookUrl: () => config.paystack.simulatorWebhookUrl ?? `${loopback()}/api/paystack/webhook`,
        publicUrl: config.publicUrl,
      }),
    );
  }
  app.use(seoRoutes());

  const graphiqlPage = path.join(config.clientDist, 'graphiql.html');
  app.get('/graphql', (request, response, next) => {
    // Browsers get the bundled GraphiQL; API clients (GET queries) go on to Apollo.
    if (
      config.graphql.explorer &&
      request.query.query === undefined &&
      request.accepts(['application/json', 'text/html']) === 'text/html' &&
      existsSync(graphiqlPage)
    ) {
      response.sendFile(graphiqlPage);
      return;
    }
    next();
  });
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    // body-parser leaves req.body unset when the request had already finished (a browser that dropped a GET
    // while navigating), and Apollo's middleware answers that with a 500 page: such a request has no body.
    (request: Request, _response: Response, next: NextFunction) => {
      // The direct path (direct-queries.ts) read a body that is not JSON: answer as express.json would have.
      if ((request as { unparsableBody?: boolean }).unparsableBody) {
        next(Object.assign(new Error('Unexpected token'), { status: 400, type: 'entity.parse.failed' }));
        return;
      }
      if (!('body' in request)) (request as { body?: unknown }).body = undefined;
      next();
    },
    graphqlUploads(),
    cachePublicGraphQL(responseCache, config.graphql.maxTokens),
    expressMiddleware(apollo, { context: async ({ req }) => req.ctx }),
  );

  app.use(express.json({ limit: '1mb' }));
  app.use(inputGuard());
  // Cross-site forms can POST with the visitor's cookie (form, multipart or plain-text bodies) but cannot send
  // JSON or an Authorization header without a CORS preflight: REST POSTs must be one or the other (login CSRF too).
  app.use((request, _response, next) => {
    if (
      request.method === 'POST' &&
      !request.is('application/json') &&
      !request.get('authorization')?.startsWith('Bearer ')
    ) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request as JSON (Content-Type: application/json).');
    }
    next();
  });
  const rest = restRouter();
  app.use('/api', rest);
  app.use('/api', (_request, _response) => {
    throw AppError.notFound('No such API call.');
  });
  app.use(rest);

  app.use(
    '/assets',
    express.static(path.join(config.clientDist, 'assets'), { maxAge: oneYear * 1000, immutable: true, index: false }),
  );
  app.use(express.static(config.clientDist, { index: false, maxAge: '1h' }));

  app.get('/{*rest}', pageRoute(config, schema, responseCache));
  app.use((_request, response) => {
    response.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
  app.use(restErrorHandler(log));
  const directQueries = createDirectQueries(
    schema,
    { limits: config.graphql, validationRules, cacheBytes: cacheBudget.directQueries, metrics },
    contextDependencies,
    log,
  );
  const security = securityHeaders({
    publicUrl: config.publicUrl,
    googleClientId: config.google.clientId,
    imageSources: storage.imageOrigin ? [storage.imageOrigin] : [],
    // The payment stand-in's own page styles itself with a <style> block; GraphiQL's editor (Monaco) adds <style>
    // elements as it runs (decision 0032).
    inlineStylePaths: ['/paystack-simulator/', '/graphql'],
  });

  return {
    app,
    apollo,
    responseCache,
    productViews,
    listReads,
    events,
    directQueryCacheBytes: directQueries.cachedBytes,
    mailer,
    sms,
    whatsapp,
    paystack,
    readiness,
    handle: (request, response) => {
      if (metrics) measureRequest(metrics, request, response);
      // Whatever this request runs is its own (the slow-statement log names it): core/request-scope.ts.
      runInRequestScope(requestIdFor(request), () => {
        const securityLines = security.linesFor(request.url);
        if (responseCache.serve(request, response, securityLines)) return;
        // Before anything else writes, so direct answers and every Express answer carry them too.
        setHeaderLines(response, securityLines);
        if (directQueries.handle(request, response, () => app(request, response))) return;
        app(request, response);
      });
    },
  };
}
