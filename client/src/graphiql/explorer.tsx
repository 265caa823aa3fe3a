import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';

// A deliberately small stand-in for GraphiQL: graphiql@3 does not accept React 19 and later versions pull
// in a heavy editor, while the point here is only to poke the API offline from a browser.

const STORAGE_KEY = 'manukato.explorer';

const DEFAULT_QUERY = `query Explore {
  productsCount
  products(limit: 3) {
    id
    name
    category
    effectivePriceCents
  }
}
`;

interface SavedState {
  query: string;
  variables: string;
  headers: string;
  operationName: string;
}

function loadSaved(): SavedState {
  const fallback: SavedState = { query: DEFAULT_QUERY, variables: '{}', headers: '{}', operationName: '' };
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? { ...fallback, ...(JSON.parse(raw) as Partial<SavedState>) } : fallback;
  } catch {
    return fallback;
  }
}

function parseJsonObject(text: string, label: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`${label} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

interface ExplorerProps {
  endpoint: string;
}

export function Explorer({ endpoint }: ExplorerProps) {
  const [state, setState] = useState<SavedState>(loadSaved);
  const [result, setResult] = useState('');
  const [status, setStatus] = useState('Ready. Ctrl+Enter runs the query.');
  const [running, setRunning] = useState(false);
  const [sdl, setSdl] = useState<string | null>(null);

  useEffect(() => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  }, [state]);

  const post = useCallback(
    async (body: Record<string, unknown>, headers: Record<string, unknown>) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(headers as Record<string, string>),
        },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { response, text };
    },
    [endpoint],
  );

  const run = useCallback(async () => {
    let variables: Record<string, unknown>;
    let headers: Record<string, unknown>;
    try {
      variables = parseJsonObject(state.variables, 'Variables');
      headers = parseJsonObject(state.headers, 'Headers');
    } catch (error) {
      setStatus(error instanceof Error ? error.message : String(error));
      return;
    }
    setRunning(true);
    setStatus('Running…');
    const started = performance.now();
    try {
      const { response, text } = await post(
        { query: state.query, variables, operationName: state.operationName.trim() || undefined },
        headers,
      );
      const elapsed = Math.round(performance.now() - started);
      setStatus(`HTTP ${response.status} in ${elapsed} ms`);
      try {
        setResult(JSON.stringify(JSON.parse(text), null, 2));
      } catch {
        setResult(text);
      }
    } catch (error) {
      setStatus(`Network error: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setRunning(false);
    }
  }, [post, state]);

  const loadSchema = useCallback(async () => {
    setSdl('Loading schema…');
    try {
      const { text } = await post({ query: getIntrospectionQuery() }, parseJsonObject(state.headers, 'Headers'));
      const body = JSON.parse(text) as { data?: IntrospectionQuery; errors?: unknown };
      setSdl(body.data ? printSchema(buildClientSchema(body.data)) : JSON.stringify(body.errors ?? body, null, 2));
    } catch (error) {
      setSdl(`Could not load the schema: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, [post, state.headers]);

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
      event.preventDefault();
      void run();
    }
  };

  const update = (field: keyof SavedState) => (event: { target: { value: string } }) =>
    setState((previous) => ({ ...previous, [field]: event.target.value }));

  return (
    <div className="explorer" onKeyDown={onKeyDown}>
      <header className="explorer__header">
        <h1>Manukato GraphQL explorer</h1>
        <span className="explorer__endpoint">{endpoint}</span>
        <button type="button" onClick={() => void run()} disabled={running}>
          {running ? 'Running…' : 'Run ▶'}
        </button>
        <button type="button" onClick={() => void loadSchema()}>
          Schema
        </button>
        <button type="button" onClick={() => setState((previous) => ({ ...previous, query: DEFAULT_QUERY }))}>
          Reset query
        </button>
      </header>
      <main className="explorer__panes">
        <section className="explorer__editor" aria-label="Request">
          <label htmlFor="explorer-query">Query</label>
          <textarea id="explorer-query" spellCheck={false} value={state.query} onChange={update('query')} />
          <label htmlFor="explorer-operation">Operation name (when the document has several)</label>
          <input
            id="explorer-operation"
            spellCheck={false}
            value={state.operationName}
            onChange={update('operationName')}
          />
          <label htmlFor="explorer-variables">Variables (JSON)</label>
          <textarea
            id="explorer-variables"
            className="explorer__small"
            spellCheck={false}
            value={state.variables}
            onChange={update('variables')}
          />
          <label htmlFor="explorer-headers">Headers (JSON), e.g. {'{"authorization": "Bearer …"}'}</label>
          <textarea
            id="explorer-headers"
            className="explorer__small"
            spellCheck={false}
            value={state.headers}
            onChange={update('headers')}
          />
        </section>
        <section className="explorer__result" aria-label="Response">
          <p role="status">{status}</p>
          <pre>{result}</pre>
        </section>
        {sdl !== null ? (
          <section className="explorer__schema" aria-label="Schema">
            <button type="button" onClick={() => setSdl(null)}>
              Close schema
            </button>
            <pre>{sdl}</pre>
          </section>
        ) : null}
      </main>
    </div>
  );
}
