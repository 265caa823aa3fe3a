import { Migration } from '@mikro-orm/migrations';
import { catalogueChannel } from '../../events/catalogue-change';

/** What an order's tracking page shows of its row (fulfilment.views.ts toTrackingView, orderSteps). */
const trackedColumns = [
  'status',
  'fulfilment_stage',
  'payment_status',
  'payment_method',
  'paid_at',
  'cash_received_at',
  'rider_name',
  'rider_phone',
  'courier_name',
  'tracking_number',
  'next_attempt_on',
  'delivery_location_id',
];

/** The change every instance hears (catalogue-change.ts): this order's tracking answers go. */
const notice = (token: string) =>
  `perform pg_notify('${catalogueChannel}', json_build_object('id', gen_random_uuid()::text,
      'at', floor(extract(epoch from clock_timestamp()) * 1000), 'trackingTokens', json_build_array(${token}))::text);`;

/**
 * Decision 0112: a tracking page's answer is kept by each instance's response cache, so every write that moves an
 * order must drop it on every instance. A trigger announces it, whichever service, job, webhook or script writes:
 * a change of a column the page shows, or a new step. Delivered only if and when the write commits. The order
 * generator's own transaction (`manukato.sales_rollups = 'off'`) announces nothing: its orders are new.
 */
export class Migration0038OrderTrackingNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "orders_tracking_moved"() returns trigger language plpgsql as $$
begin
  if current_setting('manukato.sales_rollups', true) = 'off' then return null; end if;
  if (${trackedColumns.map((column) => `old.${column}`).join(', ')})
     is distinct from (${trackedColumns.map((column) => `new.${column}`).join(', ')}) then
    ${notice('new.tracking_token')}
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "orders_tracking_moved" after update of ${trackedColumns.map((column) => `"${column}"`).join(', ')} on "orders" for each row execute function "orders_tracking_moved"();`,
    );
    this.addSql(`create function "order_steps_tracking_moved"() returns trigger language plpgsql as $$
declare
  token text;
begin
  if current_setting('manukato.sales_rollups', true) = 'off' then return null; end if;
  select tracking_token into token from orders where id = new.order_id;
  if token is not null then
    ${notice('token')}
  end if;
  return null;
end $$;`);
    this.addSql(
      `create trigger "order_steps_tracking_moved" after insert on "order_fulfilment_events" for each row execute function "order_steps_tracking_moved"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "orders_tracking_moved" on "orders";`);
    this.addSql(`drop trigger if exists "order_steps_tracking_moved" on "order_fulfilment_events";`);
    this.addSql(`drop function if exists "orders_tracking_moved"();`);
    this.addSql(`drop function if exists "order_steps_tracking_moved"();`);
  }
}
