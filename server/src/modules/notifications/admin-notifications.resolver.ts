import { Arg, Authorized, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../core/request-context';
import { Permission } from '../accounts/guards';
import type { AdminNotification } from './admin-notification.entity';
import { adminNotificationsService } from './admin-notifications.service';

@ObjectType('AdminNotification', { simpleResolvers: true })
export class AdminNotificationView {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'order, payment, review or low-stock' })
  type!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  text!: string;

  @Field(() => String, { nullable: true, description: 'An admin path, e.g. /oxalis/orders.' })
  link!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date, { nullable: true })
  readAt!: Date | null;
}

@ObjectType('NotificationsPayload', { simpleResolvers: true })
export class NotificationsPayload {
  @Field(() => Int)
  unreadCount!: number;
}

function toView(notification: AdminNotification): AdminNotificationView {
  return Object.assign(new AdminNotificationView(), {
    id: notification.id,
    type: notification.type,
    title: notification.title,
    text: notification.text,
    link: notification.link,
    createdAt: notification.createdAt,
    readAt: notification.readAt,
  });
}

@Resolver()
export class AdminNotificationsResolver {
  @Authorized(Permission.ORDERS)
  @Query(() => [AdminNotificationView], { description: 'What happened in the shop, newest first.' })
  async adminNotifications(
    @Ctx() ctx: RequestContext,
    @Arg('limit', () => Int, { nullable: true, defaultValue: 50 }) limit?: number,
  ): Promise<AdminNotificationView[]> {
    return (await adminNotificationsService.list(ctx, limit)).map(toView);
  }

  @Authorized(Permission.ORDERS)
  @Query(() => Int)
  async unreadNotificationCount(@Ctx() ctx: RequestContext): Promise<number> {
    return adminNotificationsService.unreadCount(ctx);
  }

  @Authorized(Permission.ORDERS)
  @Mutation(() => NotificationsPayload, { description: 'Marks these read, or all when ids are omitted.' })
  async markNotificationsRead(
    @Ctx() ctx: RequestContext,
    @Arg('ids', () => [Int], { nullable: true }) ids?: number[],
  ): Promise<NotificationsPayload> {
    return { unreadCount: await adminNotificationsService.markRead(ctx, ids) };
  }
}
