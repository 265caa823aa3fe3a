import { createServer } from 'node:http';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import pino from 'pino';
import { createApp } from '../src/http/app';
import type { TestShop } from './test-shop';

/** One route as its router declares it, and every address the app really serves it at. */
export interface AppRoute {
  /** 'METHOD path' as declared in its router (mount prefixes such as /api are not part of it). */
  key: string;
  method: string;
  /** Full path patterns with the mount prefixes, e.g. '/api/carts/update/:id' and '/carts/update/:id'. */
  paths: string[];
}

interface Layer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function mountPrefix(layer: Layer): string {
  return typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath.replace(/\/$/, '') : '';
}

/** Every route in a router stack, nested routers included (express 5 / router 2 keep each layer's rawPath). */
function routesOf(stack: Layer[], prefix: string, found: Map<string, AppRoute>): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, enabled] of Object.entries(layer.route.methods)) {
        if (!enabled || method === '_all') continue;
        const key = `${method.toUpperCase()} ${layer.route.path}`;
        const route = found.get(key) ?? { key, method: method.toUpperCase(), paths: [] };
        const path = `${prefix}${layer.route.path}`;
        if (!route.paths.includes(path)) route.paths.push(path);
        found.set(key, route);
      }
    } else if (Array.isArray(layer.handle?.stack)) {
      routesOf(layer.handle.stack, `${prefix}${mountPrefix(layer)}`, found);
    }
  }
}

/**
 * Every route the app serves, read from its own router stack, so a new route is covered by the tests that
 * walk them (the access table, the hostile-input suite) without anyone listing it. A second app on the
 * shop's database, only to read its router (the test shop does not expose its app).
 */
export async function appRoutes(shop: TestShop): Promise<AppRoute[]> {
  const handle = await createApp(shop.orm, shop.config, pino({ level: 'silent' }), createServer());
  const found = new Map<string, AppRoute>();
  routesOf((handle.app as unknown as { router: { stack: Layer[] } }).router.stack, '', found);
  await handle.apollo.stop();
  return [...found.values()];
}

export interface RootField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every Query and Mutation field of the schema. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  return [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({ operation: 'query' as const, field })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      operation: 'mutation' as const,
      field,
    })),
  ];
}
