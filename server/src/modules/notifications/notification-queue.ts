import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationQueueState } from '../../shared/shop-metrics';
import { NotificationChannel } from './notification-job.entity';
import { maxNotificationAttempts } from './notifications.service';

/**
 * The shared queue by channel (every channel, zero included): jobs still to send, and jobs the worker gave up on
 * (their attempts spent, or a refused address). One statement over the unsent jobs' partial index.
 */
export async function notificationQueueState(em: EntityManager): Promise<NotificationQueueState> {
  const rows = await em.getConnection().execute<{ channel: string; waiting: number; failed: number }[]>(
    `select channel, count(*) filter (where attempts < ?)::int as waiting,
            count(*) filter (where attempts >= ?)::int as failed
       from notification_jobs where sent_at is null group by channel`,
    [maxNotificationAttempts, maxNotificationAttempts],
  );
  const byChannel = new Map(rows.map((row) => [row.channel, row]));
  return Object.values(NotificationChannel).map((channel) => ({
    channel,
    waiting: byChannel.get(channel)?.waiting ?? 0,
    failed: byChannel.get(channel)?.failed ?? 0,
  }));
}
