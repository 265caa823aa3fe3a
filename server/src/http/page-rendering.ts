import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Request, Response } from 'express';
import { execute, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { z } from 'zod';
import type { AppConfig } from '../config/config';
import type { HttpRequestContext as RequestContext } from './request-context';
import type { ResponseCache } from './response-cache';
import { rememberAnswer } from './cache-responses';
import { describePage, notFoundHead } from './pages';
import { renderHeadTags, renderPage, type InitialDataEntry } from './page-html';
import { renderFirstPaint } from './first-paint';
import { searchText } from '../shared/search';
import { sessionTokenOf } from '../modules/accounts/sessions';
import { isDatabaseUnavailable } from '../db/unavailable';
import { labelRoute } from './request-metrics';

/**
 * What the client's build writes for the server (client/server-manifest.mjs, decision 0044): its route table, the
 * header's links, the `sizes` of the first screens' images, the site's default description and the documents of
 * the first screens' operations.
 */
const serverManifestSchema = z.object({
  routes: z.array(z.string()),
  navLinks: z.array(z.object({ to: z.string(), label: z.string() })),
  imageSizes: z.object({ productImage: z.string(), productCard: z.string(), categoryCard: z.string() }),
  siteDescription: z.string().min(1),
  operations: z.record(z.string(), z.string()),
});

export type ServerManifest = z.infer<typeof serverManifestSchema>;

/** Vite's own manifest (build.manifest): which files a source module's chunk needs. */
interface ViteChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Route patterns ('/product/:id') as anchored expressions, so unknown paths answer 404 as the client shows them. */
function routePatterns(routes: string[]): { pattern: string; matcher: RegExp }[] {
  return routes.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { pattern, matcher: new RegExp(`^${source === '' ? '/' : source}/?$`) };
  });
}

/** modulepreload and stylesheet links for a route's page chunk beyond what the entry script loads anyway. */
function preloads(viteManifest: Record<string, ViteChunk>) {
  const collect = (key: string, into: Set<string>) => {
    const chunk = viteManifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  const entryImports = new Set<string>();
  collect('index.html', entryImports);
  return (sourceModule: string | undefined): { modules: string[]; styles: string[] } => {
    if (!sourceModule || !viteManifest[sourceModule]) return { modules: [], styles: [] };
    const keys = new Set<string>();
    collect(sourceModule, keys);
    const wanted = [...keys].filter((key) => !entryImports.has(key)).flatMap((key) => viteManifest[key] ?? []);
    return {
      modules: wanted.map((chunk) => `/${chunk.file}`),
      styles: wanted.flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)),
    };
  };
}

/** The first screens' operations, run on the server as the client would send them, for Apollo's cache. */
function firstScreenOperations(documents: Record<string, string>) {
  const parsed = new Map<string, DocumentNode>(Object.entries(documents).map(([name, text]) => [name, parse(text)]));
  /** undefined when the operation is unknown or fails: the client then fetches it itself. */
  return async (
    schema: GraphQLSchema,
    ctx: RequestContext,
    operationName: string,
    variables: Record<string, unknown>,
  ) => {
    const document = parsed.get(operationName);
    if (!document) return undefined;
    const result = await execute({ schema, document, variableValues: variables, contextValue: ctx });
    // The database out of reach: the page is answered 503 (error-handler.ts), not sent without its data.
    const unavailable = result.errors?.find((error) => isDatabaseUnavailable(error.originalError));
    if (unavailable) throw unavailable.originalError;
    if (result.errors?.length) {
      ctx.log.warn({ operationName, errors: result.errors.map((error) => error.message) }, 'initial data query failed');
      return undefined;
    }
    return result.data;
  };
}

/** The built client (client/dist): index.html and the manifests, or undefined while it is not built. */
export async function loadClientBuild(clientDist: string) {
  const indexFile = path.join(clientDist, 'index.html');
  const manifestFile = path.join(clientDist, 'server-manifest.json');
  if (!existsSync(indexFile) || !existsSync(manifestFile)) return undefined;
  const parsed = serverManifestSchema.safeParse(JSON.parse(await fs.readFile(manifestFile, 'utf8')));
  if (!parsed.success) throw new Error(`${manifestFile} is not a server manifest: ${z.prettifyError(parsed.error)}`);
  const manifest = parsed.data;
  const viteManifestFile = path.join(clientDist, '.vite', 'manifest.json');
  const viteManifest: Record<string, ViteChunk> = existsSync(viteManifestFile)
    ? JSON.parse(await fs.readFile(viteManifestFile, 'utf8'))
    : {};
  const routes = routePatterns(manifest.routes);
  return {
    template: await fs.readFile(indexFile, 'utf8'),
    manifest,
    /** The client's route pattern a path matches ('/product/:id'), or undefined for an unknown path. */
    routeOf: (pathname: string) => routes.find((route) => route.matcher.test(pathname))?.pattern,
    preloadFor: preloads(viteManifest),
    runOperation: firstScreenOperations(manifest.operations),
  };
}

type ClientBuild = NonNullable<Awaited<ReturnType<typeof loadClientBuild>>>;

/**
 * Every page's HTML: the built index.html with the page's head, its first screen's data and (for the storefront)
 * its first paint, from the client's build alone. Read at the first page request, so the client may be built
 * after the server starts.
 */
export function pageRoute(config: AppConfig, schema: GraphQLSchema, responseCache: ResponseCache) {
  let build: ClientBuild | undefined;
  const clientConfig = {
    ...(config.google.clientId ? { googleClientId: config.google.clientId } : {}),
    // The storefront's "Test mode" notice.
    ...(config.paystack.simulator ? { paymentTestMode: true } : {}),
  };
  return async (request: Request, response: Response) => {
    if (!request.accepts('html')) {
      response.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    build ??= await loadClientBuild(config.clientDist);
    if (!build) {
      response.status(503).type('text/plain').send('The client is not built yet: run `npm run build`.');
      return;
    }
    // Unknown paths still get the app (it renders the 404 page) but with the status a crawler needs.
    const hasQuery = request.originalUrl.includes('?');
    const route = build.routeOf(request.path);
    // Counted under the client's route pattern (a bounded set), not the path (request-metrics.ts).
    labelRoute(request, `page ${route ?? '(unknown)'}`);
    const head = route
      ? await describePage(request.ctx, request.path, hasQuery, build.manifest, searchText(request.query.q), {
          size: typeof request.query.size === 'string' ? request.query.size : undefined,
        })
      : notFoundHead;
    const initialData: InitialDataEntry[] = [];
    // A request with no session is nobody's: its page says so (`me: null`), and the client's header and Add to Cart
    // start without asking who is signed in. Only such requests are answered from the response cache (cacheKeyFor).
    const operations = [
      ...(head.initialData ?? []),
      ...(request.headers.authorization || sessionTokenOf(request) ? [] : [{ operationName: 'Viewer', variables: {} }]),
    ];
    for (const { operationName, variables } of operations) {
      const data = await build.runOperation(schema, request.ctx, operationName, variables);
      if (data) initialData.push({ operationName, variables, data });
    }
    rememberAnswer(responseCache, request, response, [200, 404]);
    response
      .status(head.status)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(
        renderPage(
          build.template,
          renderHeadTags(head, config.publicUrl, build.preloadFor(head.pageModule)),
          initialData,
          clientConfig,
          // The admin area has its own layout: no storefront header there.
          request.path.startsWith('/oxalis')
            ? ''
            : renderFirstPaint(build.manifest.navLinks, head.firstPaint, { testMode: config.paystack.simulator }),
        ),
      );
  };
}
