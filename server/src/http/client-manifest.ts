import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * Reads Vite's build manifest so a page's HTML can preload its route chunk (and what that chunk
 * imports) instead of discovering it only after the entry script runs.
 */
export function loadClientManifest(clientDist: string) {
  const file = path.join(clientDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const entryImports = new Map<string, ManifestChunk>();
  const collect = (key: string, into: Map<string, ManifestChunk>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.set(key, chunk);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  collect('index.html', entryImports);
  return {
    /** modulepreload and stylesheet links for a source module such as src/features/catalog/pages/product-page.tsx. */
    preloadFor(sourceModule: string | undefined): { modules: string[]; styles: string[] } {
      if (!sourceModule || !manifest[sourceModule]) return { modules: [], styles: [] };
      const chunks = new Map<string, ManifestChunk>();
      collect(sourceModule, chunks);
      const wanted = [...chunks].filter(([key]) => !entryImports.has(key)).map(([, chunk]) => chunk);
      return {
        modules: wanted.map((chunk) => `/${chunk.file}`),
        styles: wanted.flatMap((chunk) => (chunk.css ?? []).map((css) => `/${css}`)),
      };
    },
  };
}

export type ClientManifest = ReturnType<typeof loadClientManifest>;
