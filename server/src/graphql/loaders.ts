import type { RequestContext } from '../http/request-context';
import { createCatalogLoaders } from '../modules/catalog/catalog.loaders';

/** Every module's DataLoaders, made fresh for each request so nothing is cached across users. */
export function createLoaders(context: () => RequestContext) {
  return { catalog: createCatalogLoaders(context) };
}

export type Loaders = ReturnType<typeof createLoaders>;
