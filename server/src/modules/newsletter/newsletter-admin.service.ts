import type { RequestContext } from '../../core/request-context';
import { queryAdminList, type AdminListRow } from '../../shared/admin-list';
import type { Page } from '../../shared/pagination';
import { likePattern, searchText } from '../../shared/search';
import { Permission, requirePermission } from '../accounts/guards';
import { SubscriptionStatus } from './newsletter-subscription.entity';

export interface AdminSubscriber {
  id: number;
  email: string;
  status: SubscriptionStatus;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  /** Whether the welcome code was sent (the code itself stays out of the admin's list). */
  welcomeCodeSent: boolean;
}

export interface SubscriberFigures {
  total: number;
  pending: number;
  confirmed: number;
  unsubscribed: number;
}

export interface AdminSubscriberList {
  subscribers: AdminSubscriber[];
  totalCount: number;
  figures: SubscriberFigures;
}

/** A newsletter_subscriptions row as SQL hands it over (the list's JSON): times as text. */
interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriptionStatus;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  welcome_code_sent: boolean;
}

interface ListRow extends AdminListRow<SubscriberRow>, SubscriberFigures {}

const statuses = Object.values(SubscriptionStatus);
const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

export const newsletterAdminService = {
  /** Newest first, one statement a page; search: part of the address; status: one of the three, or all. */
  async list(
    ctx: RequestContext,
    query: { search?: unknown; status?: unknown; page: Page },
  ): Promise<AdminSubscriberList> {
    requirePermission(ctx, Permission.SETTINGS);
    const search = searchText(query.search).toLowerCase();
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (search) {
      conditions.push('s.email like ?');
      parameters.push(likePattern(search, 'contains'));
    }
    if (typeof query.status === 'string' && (statuses as string[]).includes(query.status)) {
      conditions.push('s.status = ?');
      parameters.push(query.status);
    }
    const row = await queryAdminList<ListRow>(ctx, {
      table: 'newsletter_subscriptions',
      alias: 's',
      columns: 's.*',
      conditions,
      parameters,
      figures: [
        'count(*)::int as total',
        ...statuses.map((status) => `count(*) filter (where status = '${status}')::int as ${status}`),
      ],
      item: `json_build_object('id', page.id, 'email', page.email, 'status', page.status,
        'created_at', page.created_at, 'confirmed_at', page.confirmed_at, 'unsubscribed_at', page.unsubscribed_at,
        'welcome_code_sent', page.welcome_code is not null)`,
      page: query.page,
    });
    return {
      subscribers: row.page.map((subscriber) => ({
        id: subscriber.id,
        email: subscriber.email,
        status: subscriber.status,
        createdAt: new Date(subscriber.created_at),
        confirmedAt: dateOrNull(subscriber.confirmed_at),
        unsubscribedAt: dateOrNull(subscriber.unsubscribed_at),
        welcomeCodeSent: subscriber.welcome_code_sent,
      })),
      totalCount: row.total_count,
      figures: { total: row.total, pending: row.pending, confirmed: row.confirmed, unsubscribed: row.unsubscribed },
    };
  },
};
