import { serverMessageOr } from '../../../shared/error-message';
import { formatDateTime } from '../../../shared/format-date';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useAdminNewsletterSubscribersQuery } from '../api/subscribers.generated';
import { AdminList, Pager, SearchToolbar } from '../components/admin-list';
import { usePagedListSearch } from '../components/use-list-search';
import { StatCards } from '../components/stat-cards';
import { StatusBadge } from '../components/status-badge';

const dateOrDash = (value: string | null | undefined) => (value ? formatDateTime(value) : '—');

/** /oxalis/subscribers: newsletter subscriptions, newest first, with their double opt-in state and a CSV export. */
export function SubscribersPage() {
  const { search, setSearch, variables, offset, setOffset } = usePagedListSearch();
  const { data, previousData, error } = useAdminNewsletterSubscribersQuery({
    variables,
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.adminNewsletterSubscribers;

  return (
    <section className="admin-page">
      <PageMeta title="Subscribers" noIndex />
      <h1>Subscribers</h1>
      {list ? (
        <StatCards
          label="Subscriber statistics"
          stats={[
            { title: 'Total Subscribers', value: String(list.figures.total) },
            { title: 'Confirmed', value: String(list.figures.confirmed) },
            { title: 'Pending', value: String(list.figures.pending) },
            { title: 'Unsubscribed', value: String(list.figures.unsubscribed) },
          ]}
        />
      ) : null}
      <SearchToolbar
        label="Search subscribers"
        placeholder="Search by email address"
        search={search}
        onSearch={setSearch}
        csvHref="/api/admin/export/subscribers.csv"
      />
      <AdminList
        label="Subscribers"
        items={list?.subscribers}
        error={error}
        failure={serverMessageOr(error, 'Failed to fetch subscribers')}
        empty="No subscribers found."
        card={(subscriber) => (
          <li key={subscriber.id} aria-label={`Subscriber ${subscriber.email}`}>
            <h2>{subscriber.email}</h2>
            <p>
              <StatusBadge status={subscriber.status} />
            </p>
            <p>Subscribed {formatDateTime(subscriber.createdAt)}</p>
            {subscriber.confirmedAt ? <p>Confirmed {formatDateTime(subscriber.confirmedAt)}</p> : null}
            {subscriber.unsubscribedAt ? <p>Unsubscribed {formatDateTime(subscriber.unsubscribedAt)}</p> : null}
          </li>
        )}
        table={{
          columns: ['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed', 'Welcome code'],
          row: (subscriber) => (
            <tr key={subscriber.id}>
              <td>{subscriber.email}</td>
              <td>
                <StatusBadge status={subscriber.status} />
              </td>
              <td>{formatDateTime(subscriber.createdAt)}</td>
              <td>{dateOrDash(subscriber.confirmedAt)}</td>
              <td>{dateOrDash(subscriber.unsubscribedAt)}</td>
              <td>{subscriber.welcomeCodeSent ? 'Sent' : '—'}</td>
            </tr>
          ),
        }}
      />
      {list ? (
        <Pager
          noun="subscribers"
          offset={offset}
          shown={list.subscribers.length}
          total={list.totalCount}
          onOffset={setOffset}
        />
      ) : null}
    </section>
  );
}
