import { LockMode } from '@mikro-orm/core';
import { AppError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { formatKsh } from '../../shared/money';
import { randomToken } from '../../shared/secrets';
import { metricsOf } from '../../shared/shop-metrics';
import { isUuid } from '../../shared/uuid';
import { Permission, requirePermission } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { User } from '../accounts/user.entity';
import { recordAdminNotification } from '../notifications/admin-notifications';
import { queuePaymentConfirmations } from '../notifications/notifications.service';
import { Order, OrderStatus, PaymentMethod, PaymentStatus } from '../orders/order.entity';
import { loadOrder } from '../orders/orders.service';
import { Transaction } from './transaction.entity';

export const cashOnDeliveryService = {
  /**
   * The rider was paid in cash at the door (issue 26): an admin records it, with who and when. The order becomes
   * paid and a completed transaction of method on_delivery keeps the amount beside the Paystack ones; the shopper
   * gets the receipt. Under the order's row lock, so a second record (or an M-Pesa prompt settling at the same
   * moment) finds it paid.
   */
  async recordCash(ctx: RequestContext, orderId: unknown): Promise<Order> {
    const admin = requirePermission(ctx, Permission.ORDERS);
    if (!isUuid(orderId)) throw AppError.notFound('Order not found');
    await ctx.em.transactional(async (em) => {
      const order = await em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw AppError.notFound('Order not found');
      if (order.paymentMethod !== PaymentMethod.ON_DELIVERY)
        throw AppError.field('orderId', 'NOT_PAYABLE', 'Only an order paid on delivery is paid in cash at the door.');
      if (order.paymentStatus === PaymentStatus.COMPLETED)
        throw AppError.field('orderId', 'ALREADY_PAID', 'This order is already paid.');
      if (order.status === OrderStatus.CANCELLED)
        throw AppError.field(
          'orderId',
          'NOT_PAYABLE',
          'This order is cancelled: reopen it before recording a payment.',
        );
      const now = new Date();
      order.paymentStatus = PaymentStatus.COMPLETED;
      order.paidAt = now;
      order.cashReceivedAt = now;
      order.cashReceivedBy = em.getReference(User, admin.id);
      em.create(Transaction, {
        order,
        reference: `CASH-${randomToken(12)}`,
        amountCents: order.totalCents,
        currency: order.currency,
        method: PaymentMethod.ON_DELIVERY,
        status: PaymentStatus.COMPLETED,
      });
      recordAdminNotification(em, {
        type: 'payment',
        title: 'Cash received',
        text: `${formatKsh(order.totalCents)} in cash for order ${order.id.slice(0, 8)}`,
        link: '/oxalis/transactions',
      });
      recordAudit(ctx, em, {
        action: 'recordCashPayment',
        targetType: 'order',
        targetId: order.id,
        before: { paymentStatus: PaymentStatus.PENDING },
        after: { paymentStatus: order.paymentStatus, amountCents: order.totalCents, cashReceivedAt: now },
      });
      await queuePaymentConfirmations(em, order, ctx.config.publicUrl);
      await em.flush();
    });
    metricsOf(ctx.em)?.paymentSettled('completed', PaymentMethod.ON_DELIVERY);
    return loadOrder(ctx.em, orderId, { refresh: true });
  },
};
