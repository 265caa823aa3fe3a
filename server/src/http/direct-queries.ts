import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { publicQueryOperation } from './cache-responses';
import { createRequestContext, type ContextDependencies } from './request-context';
import { unrecordedTags } from '../core/request-context';
import { clientAddressOf, trustFunction } from './client-address';
import { redactUrl } from './log-redaction';
import { answerEncoding, compressAnswers, compressFrom } from './content-encoding';
import { requestIdFor } from './request-id';
import { entryOverheadBytes } from '../shared/cache-budget';
import { SecondSight } from '../shared/second-sight';
import { parseOptionsFor, type QueryLimits } from '../graphql/limits';
import { operationCheckError } from '../graphql/operation-checks';
import { isDatabaseUnavailable, retryAfterSeconds, unavailableMessage } from '../db/unavailable';
import { runInRequestScope } from '../core/request-scope';
import type { ShopMetrics } from '../shared/shop-metrics';
import { labelRoute } from './request-metrics';

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** Apollo's own media types (ApolloServer.ts MEDIA_TYPES), chosen the same way from the Accept header. */
const mediaTypes = ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8'];
const maxBodyBytes = 100 * 1024;

interface PreparedQuery {
  /** Numbers the query for its entries in `withinLimits` (the text itself would be copied into each key). */
  id: number;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The document's JSON size: parsed without locations it takes about twice that in memory (0024). */
  documentJsonBytes: number;
  /**
   * The query compiled to plain functions (graphql-jit): same resolvers, none of graphql-js's per-field walk.
   * Compiling costs more than one execution, so a query text is compiled when it comes back, not when new.
   */
  compiled?: CompiledQuery;
  uses: number;
}

interface GraphQLBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A body Apollo runs as it is (runHttpQuery's POST checks): variables and extensions objects or null, operationName
 * a string or null. Apollo answers any other shape 400, and reads persisted queries from extensions: those go to it.
 */
function isPlainBody(body: GraphQLBody): boolean {
  const absent = (value: unknown) => value === undefined || value === null;
  return (
    (absent(body.variables) || isRecord(body.variables)) &&
    (absent(body.operationName) || typeof body.operationName === 'string') &&
    (absent(body.extensions) || (isRecord(body.extensions) && !('persistedQuery' in body.extensions)))
  );
}

export interface DirectQueries {
  /**
   * Takes an anonymous JSON POST to /graphql off the HTTP server. The callback gets the request back
   * (its body read into `request.body`) when this path does not answer it; true when it was taken at all.
   */
  handle(request: IncomingMessage, response: ServerResponse, fallback: () => void): boolean;
  /** The bytes its caches count as held (never above their budget). */
  cachedBytes(): number;
}

/** What a prepared query holds: its text as key, the parsed document, and (compiled) about twice as much again. */
function preparedBytes(query: PreparedQuery | false, text: string): number {
  if (!query) return 2 * text.length + entryOverheadBytes;
  return 2 * text.length + (query.compiled ? 6 : 2) * query.documentJsonBytes + entryOverheadBytes;
}

export interface DirectQueriesOptions {
  limits: QueryLimits;
  /** graphqlValidationRules (graphql/limits.ts): the same object Apollo validates with. */
  validationRules: readonly ValidationRule[];
  /** Bytes for the prepared queries and their checked variables together. */
  cacheBytes: number;
  /** Where the operations answered here are counted, when metrics are on (Apollo counts the rest). */
  metrics?: ShopMetrics;
}

/**
 * Public catalogue queries sent as POST (API clients; browsers use cached GETs) run here, without Express
 * and Apollo's per-request pipeline: same schema, resolvers and request context, parsed and validated once per
 * query text. It shares Apollo's pipeline where a caller could tell them apart (decision 0078): the same
 * validation rules object (graphqlValidationRules), the same operation checks (cost and input guard,
 * operation-checks.ts), the caller's X-Request-Id echoed (request-id.ts), and the answer written through the
 * compression middleware Express uses (content-encoding.ts), so encoding and Vary follow one rule.
 * Only a complete answer without errors is sent from here; anything else (a mutation, a parse or validation
 * error, a limit, a resolver error, bad JSON) goes on to Express and Apollo with the body already read, so every
 * error keeps Apollo's exact shape and status. graphql-path-parity.test.ts compares the two paths.
 * A signed-in caller's public query is answered here too, without looking its session up: no public root
 * field (cache-responses.ts) reads the viewer, so the answer is everyone's. Whatever needs the viewer goes
 * to Apollo, which checks the session in the database on every request (decision 0039).
 */
export function createDirectQueries(
  schema: GraphQLSchema,
  options: DirectQueriesOptions,
  dependencies: ContextDependencies,
  log: Logger,
): DirectQueries {
  const clientAddress = clientAddressOf(trustFunction(dependencies.config.trustProxy));
  const { limits, validationRules, metrics } = options;
  // Express's own compression, by the same rule (content-encoding.ts): encoding and Vary as Apollo's answers get.
  const compress = compressAnswers();
  // Parsed, validated public queries by their text; false marks a text that must go to Apollo.
  const prepared = new LRUCache<string, PreparedQuery | false>({
    maxSize: Math.floor(options.cacheBytes * 0.8),
    sizeCalculation: preparedBytes,
  });
  // Variables (as JSON) that passed the operation checks (cost, input guard), by query id.
  const withinLimits = new LRUCache<string, true>({
    maxSize: Math.floor(options.cacheBytes * 0.2),
    sizeCalculation: (_value, key) => 2 * key.length + entryOverheadBytes,
  });
  // Both keep a query text or variable set from its second sight on: one-off documents are never stored (0071).
  const preparedAdmission = new SecondSight();
  const withinLimitsAdmission = new SecondSight();
  let nextId = 0;

  const prepare = (query: string): PreparedQuery | false => {
    const known = prepared.get(query);
    if (known !== undefined) return known;
    let result: PreparedQuery | false = false;
    try {
      // The token limit stops the parser; Apollo's custom rules (document limits, introspection) are checked
      // before the standard ones (whose field-merging check can be quadratic). Anything refused goes to Apollo
      // for its answer.
      const document = parse(query, { ...parseOptionsFor(limits), noLocation: true });
      const operation = publicQueryOperation(document);
      if (
        operation &&
        validate(schema, document, validationRules).length === 0 &&
        validate(schema, document, specifiedRules).length === 0
      ) {
        const documentJsonBytes = Buffer.byteLength(JSON.stringify(document));
        result = { id: (nextId += 1), document, operation, documentJsonBytes, uses: 0 };
      }
    } catch {
      result = false;
    }
    if (preparedAdmission.admit(query)) prepared.set(query, result);
    return result;
  };

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: GraphQLBody,
    started: bigint,
  ): Promise<boolean> => {
    if (typeof body.query !== 'string' || !isPlainBody(body)) return false;
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const variables = isRecord(body.variables) ? body.variables : {};
    const query = prepare(body.query);
    if (!query) return false;
    if (operationName !== undefined && operationName !== query.operation.name?.value) return false;
    const mediaType = request.headers.accept
      ? new Negotiator({ headers: { accept: request.headers.accept } }).mediaType(mediaTypes)
      : mediaTypes[0];
    if (!mediaType) return false;
    const variablesKey = `${query.id}:${JSON.stringify(variables)}`;
    if (!withinLimits.get(variablesKey)) {
      // Apollo's own checks (operation-checks.ts); refused ones go to it, for its status and shape.
      if (operationCheckError(schema, limits, query.document, query.operation, variables)) return false;
      if (withinLimitsAdmission.admit(variablesKey)) withinLimits.set(variablesKey, true);
    }
    const requestId = requestIdFor(request);
    const ctx = createRequestContext(dependencies, log, requestId, clientAddress(request));
    // A POST's answer is never stored (response-cache.ts): what it was made from need not be recorded.
    ctx.cacheTags = unrecordedTags;
    query.uses += 1;
    if (query.uses === 2) {
      const compiled = compileQuery(schema, query.document, query.operation.name?.value);
      if (isCompiledQuery(compiled)) {
        query.compiled = compiled;
        // Stored again so that the compiled functions count against the budget.
        if (prepared.peek(body.query) === query) prepared.set(body.query, query);
      }
    }
    const result = query.compiled
      ? await query.compiled.query(undefined, ctx, variables)
      : await execute({
          schema,
          document: query.document,
          contextValue: ctx,
          variableValues: variables,
          operationName,
        });
    if (result.errors?.length) {
      const unavailable = result.errors.find((error) => isDatabaseUnavailable(error.originalError));
      if (!unavailable) return false;
      // The database could not answer now (a time limit, a full pool): Apollo would only ask it again, doubling
      // the wait and the load. Answered as Apollo answers it (graphql/errors.ts).
      log.warn({ err: unavailable.originalError }, 'database unavailable for a GraphQL operation; answered 503');
      const body = { errors: [{ message: unavailableMessage, extensions: { code: 'SERVICE_UNAVAILABLE' } }] };
      send(request, response, 503, mediaType, requestId, Buffer.from(`${JSON.stringify(body)}\n`), {
        'retry-after': String(retryAfterSeconds),
      });
      metrics?.operationExecuted(query.operation.name?.value, 'query', false, secondsSince(started));
      return true;
    }
    send(request, response, 200, mediaType, requestId, Buffer.from(`${JSON.stringify({ data: result.data })}\n`));
    metrics?.operationExecuted(query.operation.name?.value, 'query', true, secondsSince(started));
    if (log.isLevelEnabled('info')) {
      log.info(
        {
          req: { id: requestId, method: 'POST', url: redactUrl(request.url) },
          res: { statusCode: 200 },
          responseTime: Number((process.hrtime.bigint() - started) / 1_000_000n),
        },
        'request completed',
      );
    }
    return true;
  };

  /**
   * Written through the compression middleware Express uses, which encodes (or not) and adds Vary. An answer it
   * would leave as it is (too short, or no encoding the client takes) is written here with the same Vary, without
   * the middleware's wrapping of the response (a fifth of what a page's answer allocated).
   */
  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    mediaType: string,
    requestId: string,
    payload: Buffer,
    extra: Record<string, string> = {},
  ) => {
    const write = () => {
      response.writeHead(status, {
        ...extra,
        'content-type': mediaType,
        'x-request-id': requestId,
        'content-length': String(payload.length),
      });
      response.end(payload);
    };
    if (payload.length >= compressFrom && answerEncoding(request)) {
      compress(request, response, write);
      return;
    }
    response.setHeader('vary', 'Accept-Encoding');
    write();
  };

  return {
    cachedBytes: () => prepared.calculatedSize + withinLimits.calculatedSize,
    handle(request, response, fallback) {
      const type = request.headers['content-type'] ?? '';
      const length = Number(request.headers['content-length']);
      if (
        request.method !== 'POST' ||
        request.url !== '/graphql' ||
        !/^application\/json\s*(;|$)/i.test(type) ||
        request.headers['content-encoding'] ||
        !(length > 0 && length <= maxBodyBytes)
      ) {
        return false;
      }
      const started = process.hrtime.bigint();
      labelRoute(request, '/graphql');
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('error', () => fallback());
      const answerBody = () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const hand = () => {
          // What express.json would have left; with the stream read, body-parser sees it as done.
          if (body !== undefined) (request as IncomingMessage & { body?: unknown }).body = body;
          else (request as IncomingMessage & { unparsableBody?: boolean }).unparsableBody = true;
          fallback();
        };
        // express.json's strict mode: only objects and arrays are JSON bodies; anything else is a parse error.
        if (body === null || typeof body !== 'object') body = undefined;
        if (!body || Array.isArray(body)) {
          hand();
          return;
        }
        answer(request, response, body as GraphQLBody, started).then(
          (answered) => {
            if (!answered) hand();
          },
          (error: unknown) => {
            log.error({ err: error }, 'direct GraphQL query failed; handing it to Apollo');
            if (!response.headersSent) hand();
          },
        );
      };
      // The request's statements log under its id (core/request-scope.ts): a stream's listener runs outside the
      // scope app.ts entered, so it enters it again.
      request.on('end', () => runInRequestScope(requestIdFor(request), answerBody));
      return true;
    },
  };
}
