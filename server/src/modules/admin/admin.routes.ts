import { once } from 'node:events';
import { Router, type Response } from 'express';
import { sendData } from '../../core/envelope';
import { queryNumber } from '../../shared/query-params';
import { pageOf } from '../../shared/pagination';
import { centsToShillings } from '../../shared/money';
import { Permission, requirePermission, restRole } from '../accounts/guards';
import { ordersAdminService } from '../orders/orders-admin.service';
import { toRestOrder } from '../orders/orders.routes';
import { transactionsAdminService } from '../payments/transactions-admin.service';
import { productCsvExportService } from '../catalog/product-csv-export.service';
import { csvExportService } from './csv-export.service';
import { usersAdminService } from './users-admin.service';

function sendCsv(response: Response, fileName: string, csv: string): void {
  response
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${fileName}"`)
    .set('Cache-Control', 'no-store')
    .send(csv);
}

/**
 * A CSV written as it is read, a page at a time (decision 0086), waiting whenever the client reads slower than the
 * database answers. A failure after the first chunk can only cut the download short: the status is sent.
 */
export async function streamCsv(response: Response, fileName: string, chunks: AsyncGenerator<string>): Promise<void> {
  const first = await chunks.next();
  response
    .status(200)
    .set('Content-Type', 'text/csv; charset=utf-8')
    .set('Content-Disposition', `attachment; filename="${fileName}"`)
    .set('Cache-Control', 'no-store');
  // A client that goes away never drains: its close ends the wait, and the loop.
  const drained = () => Promise.race([once(response, 'drain'), once(response, 'close')]);
  if (!first.done && !response.write(first.value)) await drained();
  try {
    for await (const chunk of chunks) {
      if (response.destroyed) return;
      if (!response.write(chunk)) await drained();
    }
    response.end();
  } catch (error) {
    response.destroy(error as Error);
  }
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The spec's admin user, order and transaction calls (§7) and the CSV exports: admins only, refused on the
 * server for everyone else.
 */
export function adminRoutes(): Router {
  const router = Router();

  router.get('/orders/list', async (request, response) => {
    requirePermission(request.ctx, Permission.ORDERS);
    const { orders } = await ordersAdminService.list(request.ctx, {
      search: request.query.search,
      status: request.query.status,
      page: pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 50),
    });
    sendData(response, orders.map(toRestOrder), 'Orders fetched');
  });

  router.put('/orders/update/:id', async (request, response) => {
    requirePermission(request.ctx, Permission.ORDERS);
    const order = await ordersAdminService.updateStatus(request.ctx, request.params.id, request.body?.status);
    sendData(response, toRestOrder(order), 'Order status updated');
  });

  router.get('/users/list', async (request, response) => {
    requirePermission(request.ctx, Permission.STAFF);
    const page = pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 100);
    const users = await usersAdminService.list(request.ctx, page);
    sendData(
      response,
      users.map((user) => ({
        id: user.id,
        uid: user.id,
        first: user.first,
        last: user.last,
        email: user.email,
        phone: user.phone,
        role: restRole(user.role),
        createdAt: user.createdAt.toISOString(),
      })),
      'Users fetched',
    );
  });

  router.get('/transactions/list', async (request, response) => {
    requirePermission(request.ctx, Permission.ORDERS);
    const { transactions } = await transactionsAdminService.list(request.ctx, {
      search: request.query.search,
      page: pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 50),
    });
    sendData(
      response,
      transactions.map((transaction) => ({
        id: transaction.id,
        order_id: transaction.orderId,
        reference: transaction.reference,
        amount: centsToShillings(transaction.amountCents),
        payment_method: transaction.paymentMethod,
        payment_status: transaction.paymentStatus,
        flag_reason: transaction.flagReason,
        created_at: transaction.createdAt.toISOString(),
      })),
      'Transactions fetched',
    );
  });

  router.get('/admin/export/orders.csv', async (request, response) => {
    requirePermission(request.ctx, Permission.REPORTS);
    sendCsv(response, `manukato-orders-${today()}.csv`, await csvExportService.orders(request.ctx));
  });

  router.get('/admin/export/transactions.csv', async (request, response) => {
    requirePermission(request.ctx, Permission.REPORTS);
    sendCsv(response, `manukato-transactions-${today()}.csv`, await csvExportService.transactions(request.ctx));
  });

  // The dashboard's figures for ?period=today|last_7_days|last_30_days|custom (&from=&to=, YYYY-MM-DD).
  router.get('/admin/export/sales.csv', async (request, response) => {
    requirePermission(request.ctx, Permission.REPORTS);
    const { csv, from, to } = await csvExportService.sales(request.ctx, {
      period: request.query.period,
      from: request.query.from,
      to: request.query.to,
    });
    sendCsv(response, `manukato-sales-${from}-to-${to}.csv`, csv);
  });

  router.get('/admin/export/subscribers.csv', async (request, response) => {
    requirePermission(request.ctx, Permission.SETTINGS);
    sendCsv(response, `manukato-subscribers-${today()}.csv`, await csvExportService.subscribers(request.ctx));
  });

  router.get('/admin/export/products.csv', async (request, response) => {
    requirePermission(request.ctx, Permission.REPORTS);
    await streamCsv(response, `manukato-products-${today()}.csv`, productCsvExportService.pages(request.ctx));
  });

  return router;
}
