import type { EntityManager } from '@mikro-orm/postgresql';
import { createCatalogLoaders } from '../modules/catalog/catalog.loaders';

/** Every module's DataLoaders, made fresh for each request so nothing is cached across users. */
export function createLoaders(em: EntityManager) {
  return { catalog: createCatalogLoaders(em) };
}

export type Loaders = ReturnType<typeof createLoaders>;
