import { useId, useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useAuditLogFiltersQuery, useAuditLogQuery, type AuditLogQueryVariables } from '../api/audit.generated';

const targetTypes = [
  'order',
  'product',
  'product_size',
  'product_csv',
  'category',
  'review',
  'discount_code',
  'delivery_location',
  'admin_notification',
  'user',
  'staff_invitation',
];

interface Filters {
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}

const noFilters: Filters = { actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The query's variables: empty fields left out; dates are whole days in the shop's time (Nairobi, UTC+3). */
function variablesOf(filters: Filters): AuditLogQueryVariables {
  const day = (value: string, plusDays = 0) => {
    const start = new Date(`${value}T00:00:00+03:00`);
    return new Date(start.getTime() + plusDays * 86_400_000).toISOString();
  };
  return {
    actorId: filters.actorId || null,
    action: filters.action || null,
    targetType: filters.targetType || null,
    targetId: filters.targetType && filters.targetId.trim() ? filters.targetId.trim() : null,
    from: filters.from ? day(filters.from) : null,
    to: filters.to ? day(filters.to, 1) : null,
  };
}

/** The CSV link carries the same filters as the page. */
function csvHref(variables: AuditLogQueryVariables): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(variables)) if (value) query.set(key, String(value));
  const text = query.toString();
  return `/api/admin/export/audit.csv${text ? `?${text}` : ''}`;
}

function changeText(json: string | null): string {
  if (!json) return '—';
  try {
    return JSON.stringify(JSON.parse(json), null, 1);
  } catch {
    return json;
  }
}

/** /oxalis/audit (decision 0103): every admin write, newest first, filtered and exported. Owner only. */
export function AuditPage() {
  const ids = { actor: useId(), action: useId(), type: useId(), target: useId(), from: useId(), to: useId() };
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  // The cursors of the pages before this one: "Newer" goes back one.
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors[cursors.length - 1] ?? null;
  const variables = variablesOf(applied);
  const { data, error, loading } = useAuditLogQuery({
    variables: { ...variables, after },
    fetchPolicy: 'cache-and-network',
  });
  const { data: choices } = useAuditLogFiltersQuery();
  const page = data?.auditLog;

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied(draft);
    setCursors([]);
  }

  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  return (
    <section className="admin-page">
      <PageMeta title="Audit log" noIndex />
      <h1>Audit log</h1>
      <p>Every change made in the admin area: who made it, when, and what it was before and after.</p>
      <form noValidate onSubmit={apply} className="admin-form admin-filters" aria-label="Filter the audit log">
        <label htmlFor={ids.actor}>Team member</label>
        <select id={ids.actor} value={draft.actorId} onChange={set('actorId')}>
          <option value="">Everyone</option>
          {choices?.auditLogFilters.actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.action}>Action</label>
        <select id={ids.action} value={draft.action} onChange={set('action')}>
          <option value="">Any action</option>
          {choices?.auditLogFilters.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
        <label htmlFor={ids.type}>Target</label>
        <select id={ids.type} value={draft.targetType} onChange={set('targetType')}>
          <option value="">Anything</option>
          {targetTypes.map((type) => (
            <option key={type} value={type}>
              {type.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <label htmlFor={ids.target}>Target id</label>
        <input id={ids.target} value={draft.targetId} disabled={!draft.targetType} onChange={set('targetId')} />
        <label htmlFor={ids.from}>From</label>
        <input id={ids.from} type="date" value={draft.from} onChange={set('from')} />
        <label htmlFor={ids.to}>To</label>
        <input id={ids.to} type="date" value={draft.to} onChange={set('to')} />
        <button type="submit" className="button">
          Show
        </button>
      </form>
      <p>
        <a href={csvHref(variables)} download>
          Download CSV
        </a>
      </p>
      {error ? (
        <p role="alert" className="admin-error">
          {serverMessageOr(error, 'Failed to fetch the audit log')}
        </p>
      ) : null}
      {!page ? (
        loading ? (
          <p className="muted">Loading…</p>
        ) : null
      ) : page.entries.length === 0 ? (
        <p className="muted">Nothing recorded{cursors.length > 0 ? ' further back' : ' for these filters'}.</p>
      ) : (
        <table className="admin-table" aria-label="Audit log entries">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {page.entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {entry.actorName} <span className="muted">({entry.actorRole.toLowerCase()})</span>
                </td>
                <td>{entry.action}</td>
                <td>
                  {entry.targetType.replace(/_/g, ' ')} {entry.targetId}
                </td>
                <td>
                  <pre className="admin-audit__change">{changeText(entry.before)}</pre>
                </td>
                <td>
                  <pre className="admin-audit__change">{changeText(entry.after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Audit log pages" className="admin-pager">
        <button
          type="button"
          className="button button--secondary"
          disabled={cursors.length === 0}
          onClick={() => setCursors((current) => current.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!page?.nextCursor}
          onClick={() => page?.nextCursor && setCursors((current) => [...current, page.nextCursor!])}
        >
          Older
        </button>
      </nav>
    </section>
  );
}
