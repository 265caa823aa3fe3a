import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// GraphiQL (decision 0032) as a build of its own, after the storefront's (client/package.json): none of its
// modules can end up in a chunk the storefront shares, and its size never counts against the storefront's budget.
// Monaco's workers (graphiql/setup-workers/vite) are emitted as files beside it, so it works offline.
export default defineConfig({
  plugins: [react()],
  build: {
    // The storefront's build has already filled dist/; this one only adds graphiql.html and its assets.
    emptyOutDir: false,
    manifest: false,
    assetsDir: 'assets/graphiql',
    // Monaco's chunks are large by nature; they load only at /graphql.
    chunkSizeWarningLimit: 5000,
    rolldownOptions: {
      input: { graphiql: resolve(import.meta.dirname, 'graphiql.html') },
      // GraphiQL's packages start with React Compiler's "use no memo", which bundling drops harmlessly.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  worker: { format: 'es' },
});
