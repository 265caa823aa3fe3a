// GraphiQL at GET /graphql (decision 0032): its own Vite build (vite.graphiql.config.ts), so nothing of it
// reaches the storefront's bundles. The workers' setup comes first: Monaco asks for them as editors mount.
import 'graphiql/setup-workers/vite';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL, HISTORY_PLUGIN } from 'graphiql';
import { explorerPlugin } from '@graphiql/plugin-explorer';
import 'graphiql/style.css';
import '@graphiql/plugin-explorer/style.css';
import './page.css';
import { createShopFetcher } from './shop-fetcher';

const container = document.getElementById('root');
if (!container) throw new Error('graphiql.html must contain #root');

const plugins = [HISTORY_PLUGIN, explorerPlugin()];
const fetcher = createShopFetcher('/graphql');

createRoot(container).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} plugins={plugins} defaultEditorToolsVisibility={false} />
  </StrictMode>,
);
