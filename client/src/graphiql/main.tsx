import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Explorer } from './explorer';
import './explorer.css';

const container = document.getElementById('root');
if (!container) throw new Error('graphiql.html must contain #root');

createRoot(container).render(
  <StrictMode>
    <Explorer endpoint="/graphql" />
  </StrictMode>,
);
