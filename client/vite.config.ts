import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { serverManifestPlugin } from './server-manifest.mjs';

// The dev server proxies to the API server's port: the real environment's PORT, else the repository .env's (the
// server reads the same file, server/src/config/env-file.ts), else 4000.
const envFile = resolve(import.meta.dirname, '..', '.env');
const serverPort =
  process.env.PORT || (existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')).PORT : undefined) || '4000';
const apiTarget = `http://localhost:${serverPort}`;

// Everything the server answers; the REST prefixes are the spec's legacy paths kept by the REST adapter.
const serverPaths = [
  '/graphql',
  '/api',
  '/uploads',
  '/healthz',
  '/readyz',
  '/products',
  '/categories',
  '/reviews',
  '/carts',
  '/orders',
  '/users',
  '/email',
  '/transactions',
];

const toServer: ProxyOptions = { target: apiTarget, changeOrigin: true };

// Opening /graphql in a browser should show GraphiQL, as the server does in production, without needing a
// prior `vite build` (the dev server serves graphiql.html from this folder).
const graphqlProxy: ProxyOptions = {
  ...toServer,
  bypass(req) {
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    return wantsHtml ? '/graphiql.html' : undefined;
  },
};

// Anchored patterns so '/users' never swallows a storefront path that merely starts with the same letters.
const proxy = Object.fromEntries(
  serverPaths.map((path) => [`^${path}(/|$|\\?)`, path === '/graphql' ? graphqlProxy : toServer]),
);

export default defineConfig({
  // server-manifest.json: the routes, header links, image sizes and first-screen operations the server reads.
  plugins: [react(), serverManifestPlugin()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 5173, strictPort: true, proxy },
  build: {
    // The server reads it to modulepreload each route's chunk in the HTML it sends.
    manifest: true,
    rolldownOptions: {
      // The storefront only: GraphiQL (served at GET /graphql) is its own build, vite.graphiql.config.ts.
      input: { main: resolve(import.meta.dirname, 'index.html') },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every storefront page starts with, in one file: split across a dozen small shared
              // chunks they cost more bytes (each file's own wrapper) and more requests on the first load.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@apollo[\\/]client|rxjs|@wry|optimism|tslib)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
