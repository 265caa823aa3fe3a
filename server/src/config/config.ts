import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isValidEmail, normaliseEmail } from './email-address';
import { trustProxySchema, type TrustProxy } from './trust-proxy';

/** Where uploads go when they live in a bucket (storage/s3-file-storage.ts). */
export interface S3Settings {
  /** An S3-compatible server (MinIO, R2, Spaces…); AWS itself when unset. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither; without them the SDK's usual chain (environment, instance role) answers. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Where browsers load objects from directly (a public bucket or a CDN before it); through the shop when unset. */
  publicUrl: string | undefined;
}

/**
 * The time limits on the shop's database work (decision 0067), in milliseconds: each statement, each wait for a
 * lock, a transaction left idle, and a request's wait for a pooled connection. 0 (the first three): no limit
 * from the shop.
 */
export interface DatabaseLimits {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  acquireMs: number;
}

const milliseconds = (fallback: number, min = 0) => z.coerce.number().int().min(min).max(3_600_000).default(fallback);

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An address the shop mails or recognises: its one grammar (email-address.ts, decision 0066), lower-cased. */
const emailSetting = z
  .string()
  .transform(normaliseEmail)
  .refine(isValidEmail, 'must be one plain e-mail address (no name, comment or list), e.g. support@example.co.ke');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(5_000),
  DB_LOCK_TIMEOUT_MS: milliseconds(2_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(10_000),
  DB_ACQUIRE_TIMEOUT_MS: milliseconds(5_000, 100),
  DATA_DIR: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  S3_PUBLIC_URL: z.url().optional(),
  CLIENT_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_SAMPLE_DATA: booleanFromEnv.default(true),
  // Structured data's priceValidUntil; the spec's 2025-12-31 has passed, so the end of the current year.
  PRICE_VALID_UNTIL: z.iso.date().optional(),
  ADMIN_EMAIL: emailSetting.default('admin@manukato.co.ke'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Manukato <no-reply@manukato.co.ke>'),
  // The support address the shop's e-mails and pages show (emails/shop-look.ts, the client's shop-contact.ts).
  MAIL_REPLY_TO: emailSetting.default('support@manukato.co.ke'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('accounts.google.com,https://accounts.google.com'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  PAY_ON_DELIVERY_MAX_KES: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
  PAYSTACK_SECRET_KEY: z.string().min(8).optional(),
  PAYSTACK_BASE_URL: z.url().optional(),
  PAYMENT_SIMULATOR: booleanFromEnv.optional(),
  PAYSTACK_SIMULATOR_WEBHOOK_URL: z.url().optional(),
  AT_API_KEY: z.string().min(1).optional(),
  AT_USERNAME: z.string().min(1).optional(),
  AT_SENDER_ID: z.string().min(1).optional(),
  WHATSAPP_TOKEN: z.string().min(8).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, "must be the phone number's id (digits), not the number")
    .optional(),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v23.0'),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'must be a template language code such as en or en_US')
    .default('en'),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).max(50).default(15),
  GRAPHQL_MAX_COMPLEXITY: z.coerce.number().int().min(10).max(100000).default(2500),
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).max(20000).default(2000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).max(1000).default(30),
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(0).max(1000).default(30),
  GRAPHQL_INTROSPECTION: booleanFromEnv.default(true),
  GRAPHQL_EXPLORER: booleanFromEnv.default(true),
  CACHE_MAX_MB: z.coerce.number().int().min(4).max(65536).default(64),
  SHOP_ALERT_EMAIL: emailSetting.optional(),
  SHOP_ALERT_PHONE: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\+254[17]\d{8}$/, 'must be a Kenyan mobile number written +2547… or +2541…'))
    .optional(),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(100000).default(5),
  CART_REMINDER_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(10).max(50000).default(50000),
  MAIL_REQUESTS_PER_IP: z.coerce.number().int().min(1).max(100000).default(10),
  PAYMENT_PROMPTS_PER_ORDER: z.coerce.number().int().min(1).max(100000).default(5),
  PAYMENT_PROMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100000).default(10),
  PAYMENT_PROMPTS_PER_PHONE: z.coerce.number().int().min(1).max(100000).default(5),
  PAYMENT_PROMPTS_PER_IP: z.coerce.number().int().min(1).max(100000).default(20),
  TRUST_PROXY: trustProxySchema,
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INSTANCE_NAME: z
    .string()
    .regex(/^[\w.:/-]{1,40}$/, 'must be 1 to 40 letters, digits or . _ : / -')
    .optional(),
  SLOW_STATEMENT_MS: milliseconds(500),
});

/**
 * Time limits on connections (http/connection-timeouts.ts) and how long a stopping instance drains them
 * (http/public-port.ts), in milliseconds.
 */
export interface HttpSettings {
  /** A request's headers must arrive within this; a silent connection is closed after it. */
  headersTimeoutMs: number;
  /** The whole request, body included. */
  requestTimeoutMs: number;
  /** No byte either way for this long while a request is open: the socket is closed. */
  socketIdleMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveMs: number;
  /** How long a stopping instance waits for its connections to end before it closes them. */
  drainMs: number;
}

/** The owner's alert addresses (SHOP_ALERT_EMAIL, SHOP_ALERT_PHONE); each optional. */
export interface ShopAlerts {
  email: string | undefined;
  /** E.164, +254… */
  phone: string | undefined;
}

/**
 * The shop's settings that applying a payment, the reconciliation job and the low-stock digest share, derived from
 * the config once (shopSettingsOf): the low-stock line, the shop's address (links in the messages they queue) and
 * the owner's alerts (none when unset).
 */
export interface ShopSettings {
  lowStockThreshold: number;
  publicUrl: string;
  shopAlerts?: ShopAlerts;
}

export function shopSettingsOf(config: AppConfig): ShopSettings {
  return { lowStockThreshold: config.lowStockThreshold, publicUrl: config.publicUrl, shopAlerts: config.shopAlerts };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  http: HttpSettings;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Time limits on the database work of requests and jobs (start-up work has its own: db/time-limits.ts). */
  databaseLimits: DatabaseLimits;
  dataDir: string;
  uploadsDir: string;
  /** Object storage for uploads (S3_BUCKET set), shared by every instance; null: files go to uploadsDir. */
  s3: S3Settings | null;
  clientDist: string;
  logLevel: string;
  seedSampleData: boolean;
  graphql: {
    maxDepth: number;
    maxComplexity: number;
    maxTokens: number;
    maxAliases: number;
    maxDirectives: number;
    /** Schema introspection (__schema, __type) answered; refused everywhere when false. */
    introspection: boolean;
    /** GET /graphql in a browser serves the bundled explorer. */
    explorer: boolean;
  };
  /** The bytes all in-process caches may hold together (see shared/cache-budget.ts). */
  cacheMaxBytes: number;
  priceValidUntil: string;
  adminEmail: string;
  adminPassword: string | undefined;
  /** HMAC key for codes and tokens; from SECRET_KEY, else generated once into the database (see resolveSecretKey). */
  secretKey: string | undefined;
  /** `replyTo` (MAIL_REPLY_TO): the Reply-To of every e-mail, so an answer reaches people rather than no-reply. */
  mail: { smtpUrl: string | undefined; from: string; replyTo: string; outboxDir: string };
  google: { clientId: string | undefined; jwksUrl: string; issuers: string[] };
  sessionDays: number;
  /** How long an unpaid order holds its stock. */
  reservationMinutes: number;
  /** The maximum order paid at the door that the sample Nairobi locations start with (issue 26), in cents. */
  payOnDeliveryMaxCents: number;
  /**
   * Paystack. `simulator`: the shop's own stand-in answers instead (payments/paystack-stand-in/), on only for a
   * local trial (the embedded database, no key) or when PAYMENT_SIMULATOR=true; exactly when there is no secret key.
   * `simulatorWebhookUrl`: where the stand-in sends its webhooks when an outside app drives it (else the shop's own).
   */
  paystack: {
    secretKey: string | undefined;
    baseUrl: string | undefined;
    simulator: boolean;
    simulatorWebhookUrl: string | undefined;
  };
  /** Africa's Talking SMS; without a key, SMS are written to the outbox. */
  africasTalking: { apiKey: string | undefined; username: string | undefined; senderId: string | undefined };
  /**
   * WhatsApp Business Cloud API for the order updates of shoppers who chose WhatsApp (decision 0099); without a
   * token and phone-number id they are written to the outbox. `appSecret` checks the status webhooks' signatures,
   * `verifyToken` answers Meta's subscription handshake; `apiUrl` holds the Graph API version.
   */
  whatsapp: {
    token: string | undefined;
    phoneNumberId: string | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    apiUrl: string;
    templateLanguage: string;
  };
  /** A product at or below this quantity is low on stock (dashboard, notifications). */
  lowStockThreshold: number;
  /** How long a signed-in shopper's cart stays untouched before its one reminder goes (decision 0105). */
  cartReminderAfterMs: number;
  /** Where the owner hears of paid orders, refunds needed and the daily low-stock digest; unset: not told. */
  shopAlerts: ShopAlerts;
  /** Product URLs per /sitemap-products-<n>.xml (the format allows 50,000); tests use fewer. */
  sitemapUrlsPerFile: number;
  /** Sign-up codes and reset e-mails one client IP may ask for in 15 minutes. */
  mailRequestsPerIp: number;
  /**
   * Payments one order, account, M-Pesa number and client IP may start in an hour (payments/payment-limits.ts):
   * M-Pesa prompts and hosted payment pages together; the phone's only for prompts.
   */
  paymentPrompts: { perOrder: number; perAccount: number; perPhone: number; perIp: number };
  /** Which proxies' X-Forwarded-For to believe (http/client-address.ts): none, a hop count, or their addresses. */
  trustProxy: TrustProxy;
  /** This instance's name in its database connections (application_name) and logs: INSTANCE_NAME, else host/pid. */
  instanceName: string;
  /**
   * Prometheus metrics (decision 0107): served at /metrics to `Authorization: Bearer <token>`, or on a port of their
   * own (never the public one); off when neither is set.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /** A statement that takes at least this long is logged with its duration and request id (0: every statement). */
  slowStatementMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root: server/src/config → ../../.., server/dist/config → ../../.. as well. */
export const repositoryRoot = path.resolve(__dirname, '..', '..', '..');

/**
 * Reads and validates the environment once, at start. Empty strings count as unset so that an
 * .env.example copied as-is gives the defaults. A bad variable is named in the error.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const simulator = paymentSimulatorWanted(values);
  // Relative to where the command runs when given; the repository's data/ folder by default.
  const dataDir = values.DATA_DIR ? path.resolve(values.DATA_DIR) : path.join(repositoryRoot, 'data');
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    http: httpSettings(values),
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    databaseUrl: values.DATABASE_URL,
    databaseLimits: {
      statementMs: values.DB_STATEMENT_TIMEOUT_MS,
      lockMs: values.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: values.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      acquireMs: values.DB_ACQUIRE_TIMEOUT_MS,
    },
    dataDir,
    uploadsDir: values.UPLOADS_DIR ? path.resolve(values.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
    s3: s3Settings(values),
    clientDist: path.resolve(values.CLIENT_DIST ?? path.join(repositoryRoot, 'client', 'dist')),
    logLevel: values.LOG_LEVEL,
    seedSampleData: values.SEED_SAMPLE_DATA,
    graphql: {
      maxDepth: values.GRAPHQL_MAX_DEPTH,
      maxComplexity: values.GRAPHQL_MAX_COMPLEXITY,
      maxTokens: values.GRAPHQL_MAX_TOKENS,
      maxAliases: values.GRAPHQL_MAX_ALIASES,
      maxDirectives: values.GRAPHQL_MAX_DIRECTIVES,
      introspection: values.GRAPHQL_INTROSPECTION,
      explorer: values.GRAPHQL_EXPLORER,
    },
    cacheMaxBytes: values.CACHE_MAX_MB * 1024 * 1024,
    priceValidUntil: values.PRICE_VALID_UNTIL ?? `${new Date().getUTCFullYear()}-12-31`,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    secretKey: values.SECRET_KEY,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM,
      replyTo: values.MAIL_REPLY_TO,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    google: {
      clientId: values.GOOGLE_CLIENT_ID,
      jwksUrl: values.GOOGLE_JWKS_URL,
      issuers: values.GOOGLE_ISSUERS.split(',')
        .map((issuer) => issuer.trim())
        .filter(Boolean),
    },
    sessionDays: values.SESSION_DAYS,
    reservationMinutes: values.RESERVATION_MINUTES,
    payOnDeliveryMaxCents: values.PAY_ON_DELIVERY_MAX_KES * 100,
    paystack: {
      secretKey: values.PAYSTACK_SECRET_KEY,
      baseUrl: values.PAYSTACK_BASE_URL,
      simulator,
      simulatorWebhookUrl: values.PAYSTACK_SIMULATOR_WEBHOOK_URL,
    },
    africasTalking: { apiKey: values.AT_API_KEY, username: values.AT_USERNAME, senderId: values.AT_SENDER_ID },
    whatsapp: whatsappSettings(values),
    lowStockThreshold: values.LOW_STOCK_THRESHOLD,
    cartReminderAfterMs: values.CART_REMINDER_AFTER_SECONDS * 1000,
    shopAlerts: { email: values.SHOP_ALERT_EMAIL, phone: values.SHOP_ALERT_PHONE },
    sitemapUrlsPerFile: values.SITEMAP_URLS_PER_FILE,
    mailRequestsPerIp: values.MAIL_REQUESTS_PER_IP,
    paymentPrompts: {
      perOrder: values.PAYMENT_PROMPTS_PER_ORDER,
      perAccount: values.PAYMENT_PROMPTS_PER_ACCOUNT,
      perPhone: values.PAYMENT_PROMPTS_PER_PHONE,
      perIp: values.PAYMENT_PROMPTS_PER_IP,
    },
    trustProxy: values.TRUST_PROXY,
    instanceName: values.INSTANCE_NAME ?? `${os.hostname()}/${process.pid}`,
    metrics: metricsSettings(values),
    slowStatementMs: values.SLOW_STATEMENT_MS,
  };
}

/** Whether metrics are served, and where: the public port must not carry them when they have a port of their own. */
function metricsSettings(values: z.infer<typeof environmentSchema>): AppConfig['metrics'] {
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(['METRICS_PORT: must differ from PORT (metrics are never served on the public port)']);
  }
  return { token: values.METRICS_TOKEN, port: values.METRICS_PORT };
}

/**
 * A database connection's application_name (pg_stat_activity): what it does and which instance holds it, within
 * PostgreSQL's 63 characters (it cuts longer names at their end; cutting here keeps the instance's end, its pid).
 */
export function connectionName(role: string, instanceName: string): string {
  const name = `${role}/${instanceName}`;
  return name.length <= 63 ? name : `${role}/${instanceName.slice(-(62 - role.length))}`;
}

/**
 * The stand-in marks orders paid without money moving, so it is on only where that is safe: a local trial on the
 * embedded database without a Paystack key, or a shop that asks for it by name (PAYMENT_SIMULATOR=true). A shop on
 * a server database must have a key or say PAYMENT_SIMULATOR=true; anything else is refused at start.
 */
function paymentSimulatorWanted(values: z.infer<typeof environmentSchema>): boolean {
  const asked = values.PAYMENT_SIMULATOR;
  if (values.PAYSTACK_SECRET_KEY) {
    if (asked === true) {
      throw new ConfigError([
        'PAYMENT_SIMULATOR: true while PAYSTACK_SECRET_KEY is set; unset PAYMENT_SIMULATOR for real payments, or PAYSTACK_SECRET_KEY for the stand-in',
      ]);
    }
    return false;
  }
  if (asked === true) return true;
  if (asked === false) {
    throw new ConfigError(['PAYSTACK_SECRET_KEY: required when PAYMENT_SIMULATOR=false (the stand-in is turned off)']);
  }
  if (values.DATABASE_URL) {
    throw new ConfigError([
      'PAYSTACK_SECRET_KEY: required with a server database (DATABASE_URL). Set PAYSTACK_SECRET_KEY for real payments, or PAYMENT_SIMULATOR=true to run a test shop whose payments go through the local stand-in (no money moves)',
    ]);
  }
  return true;
}

/** How long a stop may take in all (main.ts): the drain, then ten seconds for Apollo, the ORM and the database. */
export function shutdownDeadlineMs(http: HttpSettings): number {
  return http.drainMs + 10_000;
}

function httpSettings(values: z.infer<typeof environmentSchema>): HttpSettings {
  if (values.HTTP_HEADERS_TIMEOUT_SECONDS > values.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError([
      'HTTP_HEADERS_TIMEOUT_SECONDS: must not be more than HTTP_REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    ]);
  }
  return {
    headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    socketIdleMs: values.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    keepAliveMs: values.HTTP_KEEP_ALIVE_SECONDS * 1000,
    drainMs: values.SHUTDOWN_DRAIN_SECONDS * 1000,
  };
}

/**
 * The token and phone-number id go together, and with them the app secret: without it no status webhook can be
 * believed, so a message WhatsApp later reports failed would never get its SMS.
 */
function whatsappSettings(values: z.infer<typeof environmentSchema>): AppConfig['whatsapp'] {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret } = values;
  if (Boolean(token) !== Boolean(phoneNumberId)) {
    throw new ConfigError([
      'WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: set both for the WhatsApp Cloud API, or neither for the outbox',
    ]);
  }
  if (token && !appSecret) {
    throw new ConfigError([
      "WHATSAPP_APP_SECRET: required with WHATSAPP_TOKEN (the app's secret signs the delivery reports)",
    ]);
  }
  return {
    token,
    phoneNumberId,
    appSecret,
    verifyToken: values.WHATSAPP_VERIFY_TOKEN,
    apiUrl: values.WHATSAPP_API_URL.replace(/\/+$/, ''),
    templateLanguage: values.WHATSAPP_TEMPLATE_LANGUAGE,
  };
}

/** S3_BUCKET turns object storage on; the other S3_ settings without it are a mistake worth naming. */
function s3Settings(values: z.infer<typeof environmentSchema>): S3Settings | null {
  if (!values.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
      (name) => values[name] !== undefined,
    );
    if (stray.length > 0) throw new ConfigError(stray.map((name) => `${name}: set S3_BUCKET too, or unset it`));
    return null;
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK credential chain (instance role)',
    ]);
  }
  return {
    endpoint: values.S3_ENDPOINT,
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    accessKeyId: values.S3_ACCESS_KEY_ID,
    secretAccessKey: values.S3_SECRET_ACCESS_KEY,
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    publicUrl: values.S3_PUBLIC_URL,
  };
}
