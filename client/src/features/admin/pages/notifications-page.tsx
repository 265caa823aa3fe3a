import { PageMeta } from '../../../shared/ui/page-meta';
import { Link } from 'react-router-dom';
import { useToast } from '../../../shared/ui/use-toast';
import { formatDateTime } from '../../../shared/format-date';
import { AdminHeaderDocument, type AdminHeaderQuery } from '../api/admin-header.generated';
import { useAdminNotificationsQuery, useMarkNotificationsReadMutation } from '../api/notifications.generated';
import { AdminList } from '../components/admin-list';

export function NotificationsPage() {
  const { data, error } = useAdminNotificationsQuery({ fetchPolicy: 'cache-and-network' });
  const [markRead, { loading }] = useMarkNotificationsReadMutation();
  const { showToast } = useToast();
  const notifications = data?.adminNotifications;
  const unread = notifications?.filter((notification) => !notification.readAt) ?? [];

  async function mark(ids: number[] | null) {
    try {
      await markRead({
        variables: { ids },
        // The bell reads the count the server answers with, without asking again.
        update(cache, { data: answer }) {
          if (!answer) return;
          cache.writeQuery<AdminHeaderQuery>({
            query: AdminHeaderDocument,
            data: { unreadNotificationCount: answer.markNotificationsRead.unreadCount },
          });
        },
        refetchQueries: ['AdminNotifications'],
      });
    } catch {
      showToast('Failed to mark notifications as read', { variant: 'error' });
    }
  }

  return (
    <section className="admin-page">
      <PageMeta title="Notifications" noIndex />
      <div className="admin-page__toolbar">
        <h1>Notifications</h1>
        <button
          type="button"
          className="button button--outline"
          disabled={unread.length === 0 || loading}
          onClick={() => void mark(null)}
        >
          Mark all as read
        </button>
      </div>
      <AdminList
        label="Notifications"
        items={notifications}
        error={error}
        failure="Failed to load notifications"
        empty="No notifications yet."
        cardsClassName="admin-notifications"
        card={(notification) => (
          <li
            key={notification.id}
            className={notification.readAt ? undefined : 'admin-notifications__unread'}
            aria-label={`${notification.title}${notification.readAt ? '' : ' (unread)'}`}
          >
            <h2>
              {notification.readAt ? null : <span className="visually-hidden">Unread: </span>}
              {notification.title}
            </h2>
            <p>{notification.text}</p>
            <p className="muted">{formatDateTime(notification.createdAt)}</p>
            <div className="admin-actions">
              {notification.link?.startsWith('/oxalis') ? (
                <Link
                  to={notification.link}
                  onClick={() => void (notification.readAt ? null : mark([notification.id]))}
                >
                  Open
                </Link>
              ) : null}
              {notification.readAt ? null : (
                <button type="button" className="button button--outline" onClick={() => void mark([notification.id])}>
                  Mark as read
                </button>
              )}
            </div>
          </li>
        )}
      />
    </section>
  );
}
