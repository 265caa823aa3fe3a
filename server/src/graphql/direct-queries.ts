import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { execute, parse, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { publicQueryOperation } from '../http/cache-responses';
import { sessionCookieName } from '../modules/accounts/sessions';
import { createRequestContext, type ContextDependencies } from '../http/request-context';
import { checkQueryLimits, type QueryLimits } from './limits';

const gzipAsync = promisify(gzip);

/** Apollo's own media types (ApolloServer.ts MEDIA_TYPES), chosen the same way from the Accept header. */
const mediaTypes = ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8'];
const maxBodyBytes = 100 * 1024;
const maxCachedDocuments = 500;
/** As the compression middleware: smaller answers are not worth compressing. */
const compressFrom = 1024;

interface PreparedQuery {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** Variables (as JSON) already checked against the depth and cost limits; few per query in practice. */
  withinLimits: Set<string>;
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
}

export interface DirectQueries {
  /**
   * Takes an anonymous JSON POST to /graphql off the HTTP server. The callback gets the request back
   * (its body read into `request.body`) when this path does not answer it; true when it was taken at all.
   */
  handle(request: IncomingMessage, response: ServerResponse, fallback: () => void): boolean;
}

/**
 * Public catalogue queries sent as POST (API clients; browsers use cached GETs) run here, without Express
 * and Apollo's per-request pipeline: same schema, resolvers, limits and request context, parsed and
 * validated once per query text. Only a complete answer without errors is sent from here; anything else
 * (a mutation, a signed-in caller, a parse or validation error, a limit, a resolver error, bad JSON) goes on
 * to Express and Apollo with the body already read, so every error keeps Apollo's exact shape and status.
 */
export function createDirectQueries(
  schema: GraphQLSchema,
  limits: QueryLimits,
  dependencies: ContextDependencies,
  log: Logger,
): DirectQueries {
  // Parsed, validated public queries by their text; null marks a text that must go to Apollo.
  const prepared = new Map<string, PreparedQuery | null>();

  const prepare = (query: string): PreparedQuery | null => {
    const known = prepared.get(query);
    if (known !== undefined) return known;
    let result: PreparedQuery | null = null;
    try {
      const document = parse(query);
      const operation = publicQueryOperation(document);
      if (operation && validate(schema, document).length === 0) {
        result = { document, operation, withinLimits: new Set(), uses: 0 };
      }
    } catch {
      result = null;
    }
    if (prepared.size >= maxCachedDocuments) prepared.delete(prepared.keys().next().value as string);
    prepared.set(query, result);
    return result;
  };

  const answer = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: GraphQLBody,
    started: bigint,
  ): Promise<boolean> => {
    if (typeof body.query !== 'string') return false;
    const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
    const variables =
      body.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
    if (body.variables !== undefined && body.variables !== null && typeof body.variables !== 'object') return false;
    const query = prepare(body.query);
    if (!query) return false;
    if (operationName !== undefined && operationName !== query.operation.name?.value) return false;
    const mediaType = request.headers.accept
      ? new Negotiator({ headers: { accept: request.headers.accept } }).mediaType(mediaTypes)
      : mediaTypes[0];
    if (!mediaType) return false;
    const variablesKey = JSON.stringify(variables);
    if (!query.withinLimits.has(variablesKey)) {
      try {
        checkQueryLimits(schema, limits, query.document, query.operation, operationName, variables);
      } catch {
        return false;
      }
      if (query.withinLimits.size < 100) query.withinLimits.add(variablesKey);
    }
    const requestId = randomUUID();
    const ctx = createRequestContext(dependencies, log, requestId, request.socket.remoteAddress ?? 'unknown');
    query.uses += 1;
    if (query.uses === 2) {
      const compiled = compileQuery(schema, query.document, query.operation.name?.value);
      if (isCompiledQuery(compiled)) query.compiled = compiled;
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
    if (result.errors?.length) return false;
    let payload: Buffer = Buffer.from(`${JSON.stringify({ data: result.data })}\n`);
    const headers: Record<string, string> = {
      'content-type': mediaType,
      'x-request-id': requestId,
      vary: 'Accept-Encoding',
    };
    if (payload.length >= compressFrom && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      payload = await gzipAsync(payload);
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(200, { ...headers, 'content-length': String(payload.length) });
    response.end(payload);
    if (log.isLevelEnabled('info')) {
      log.info(
        {
          req: { id: requestId, method: 'POST', url: request.url },
          res: { statusCode: 200 },
          responseTime: Number((process.hrtime.bigint() - started) / 1_000_000n),
        },
        'request completed',
      );
    }
    return true;
  };

  return {
    handle(request, response, fallback) {
      const type = request.headers['content-type'] ?? '';
      const length = Number(request.headers['content-length']);
      if (
        request.method !== 'POST' ||
        request.url !== '/graphql' ||
        !/^application\/json\s*(;|$)/i.test(type) ||
        request.headers.authorization ||
        request.headers.cookie?.includes(sessionCookieName) ||
        request.headers['content-encoding'] ||
        !(length > 0 && length <= maxBodyBytes)
      ) {
        return false;
      }
      const started = process.hrtime.bigint();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('error', () => fallback());
      request.on('end', () => {
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
      });
      return true;
    },
  };
}
