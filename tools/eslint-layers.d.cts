import type { Linter } from 'eslint';

/** The import rules for a repository laid out like this one, rooted at `root` (see eslint-layers.cjs). */
export function importLayerConfigs(root: string): Linter.Config[];

export const serverLayers: { name: string; paths: string[] }[];
