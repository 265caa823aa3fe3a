import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, FieldError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { queryAdminList, type AdminListRow } from '../../shared/admin-list';
import { isValidEmail, normaliseEmail } from '../../config/email-address';
import type { Page } from '../../shared/pagination';
import { RateLimit } from '../../shared/rate-limiter';
import { Permission, requirePermission, requireViewer } from '../accounts/guards';
import { recordAudit } from '../audit/audit-log';
import { cartService } from '../cart/cart.service';
import type { CartView } from '../cart/cart.views';
import { DiscountCode, DiscountKind } from './discount-code.entity';
import {
  discountUsageColumns,
  normaliseCode,
  unknownCode,
  type DiscountRow,
  type DiscountWithUsage,
} from './discount-rules';
import { discountCentsFor } from './discount-amount';

/** Guessing codes costs attempts: a shopper may try this many unknown or refused codes per quarter hour. */
const applyLimit = new RateLimit('discount-apply', 20, 15 * 60_000, 'discount code attempts');

export interface DiscountCodeForm {
  code?: unknown;
  kind?: unknown;
  value?: unknown;
  minSubtotalCents?: unknown;
  startsAt?: unknown;
  endsAt?: unknown;
  maxUses?: unknown;
  maxUsesPerCustomer?: unknown;
  firstOrderOnly?: unknown;
  categoryIds?: unknown;
  productIds?: unknown;
  email?: unknown;
  active?: unknown;
}

/** A code for the admin list: its row and its uses (orders placed with it and not cancelled). */
export interface AdminDiscountCode {
  id: number;
  code: string;
  kind: DiscountKind;
  value: number;
  minSubtotalCents: number;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstOrderOnly: boolean;
  categoryIds: number[];
  productIds: number[];
  active: boolean;
  email: string | null;
  uses: number;
  createdAt: Date;
}

/** A code as the admin list reads it: the row and how often it has been used. */
type AdminRow = DiscountRow & { uses: number; created_at: Date };

const maxCents = 100_000_000_00;
const codePattern = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

function toAdmin(row: AdminRow): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: row.starts_at ? new Date(row.starts_at) : null,
    endsAt: row.ends_at ? new Date(row.ends_at) : null,
    maxUses: row.max_uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
    firstOrderOnly: row.first_order_only,
    categoryIds: row.category_ids,
    productIds: row.product_ids,
    active: row.active,
    email: row.email,
    uses: row.uses,
    createdAt: new Date(row.created_at),
  };
}

const adminColumns = `d.*, (select count(*)::int from orders o where o.discount_code_id = d.id and o.status <> 'cancelled') as uses`;

function optionalCount(value: unknown, field: string, errors: FieldError[], min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    errors.push(FieldError.of(field, 'OUT_OF_RANGE', `Enter a whole number from ${min} to ${max}.`));
    return null;
  }
  return value;
}

function optionalDate(value: unknown, field: string, errors: FieldError[]): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    errors.push(FieldError.of(field, 'INVALID', 'Enter a valid date and time.'));
    return null;
  }
  return date;
}

function idList(value: unknown, field: string, errors: FieldError[]): number[] {
  if (value === undefined || value === null) return [];
  if (
    !Array.isArray(value) ||
    value.length > 200 ||
    !value.every((id) => Number.isInteger(id) && id > 0 && id < 2 ** 31)
  ) {
    errors.push(FieldError.of(field, 'INVALID', 'Choose from the list.'));
    return [];
  }
  return [...new Set(value as number[])].sort((a, b) => a - b);
}

/** The admin's form as a code's columns, every bad field named at once. */
async function validateForm(ctx: RequestContext, form: DiscountCodeForm) {
  const errors: FieldError[] = [];
  const code = normaliseCode(form.code);
  if (!codePattern.test(code)) {
    errors.push(
      FieldError.of('code', 'INVALID_CODE', 'Use 3 to 32 letters, digits, - or _, starting with a letter or digit.'),
    );
  }
  const kind = form.kind === DiscountKind.PERCENT || form.kind === DiscountKind.FIXED ? form.kind : null;
  if (!kind) errors.push(FieldError.of('kind', 'INVALID', 'Choose a percentage or a fixed amount.'));
  const value = optionalCount(form.value, 'value', errors, 1, kind === DiscountKind.PERCENT ? 100 : maxCents);
  if (value === null && !errors.some((error) => error.field === 'value')) {
    errors.push(FieldError.of('value', 'REQUIRED', 'Enter the discount.'));
  }
  const minSubtotalCents = optionalCount(form.minSubtotalCents, 'minSubtotalCents', errors, 0, maxCents) ?? 0;
  const startsAt = optionalDate(form.startsAt, 'startsAt', errors);
  const endsAt = optionalDate(form.endsAt, 'endsAt', errors);
  if (startsAt && endsAt && endsAt <= startsAt) {
    errors.push(FieldError.of('endsAt', 'OUT_OF_RANGE', 'The end must come after the start.'));
  }
  const maxUses = optionalCount(form.maxUses, 'maxUses', errors, 1, 1_000_000);
  const maxUsesPerCustomer = optionalCount(form.maxUsesPerCustomer, 'maxUsesPerCustomer', errors, 1, 1_000_000);
  const categoryIds = idList(form.categoryIds, 'categoryIds', errors);
  const productIds = idList(form.productIds, 'productIds', errors);
  let email: string | null = null;
  if (form.email !== undefined && form.email !== null && form.email !== '') {
    email = normaliseEmail(form.email);
    if (!isValidEmail(email))
      errors.push(FieldError.of('email', 'INVALID_EMAIL', 'Please enter a valid email address'));
  }
  if (categoryIds.length > 0 || productIds.length > 0) {
    // One statement: which of the named categories and products exist.
    const [known] = await ctx.em.getConnection().execute<{ categories: number; products: number }[]>(
      `select (select count(*)::int from categories where id = any(?::int[])) as categories,
              (select count(*)::int from products where id = any(?::int[])) as products`,
      [`{${categoryIds.join(',')}}`, `{${productIds.join(',')}}`],
    );
    if (known && known.categories < categoryIds.length) {
      errors.push(FieldError.of('categoryIds', 'UNKNOWN_CATEGORY', 'One of these categories does not exist.'));
    }
    if (known && known.products < productIds.length) {
      errors.push(FieldError.of('productIds', 'NOT_FOUND', 'One of these products does not exist.'));
    }
  }
  if (errors.length > 0) throw AppError.badInput(errors);
  return {
    code,
    kind: kind!,
    value: value!,
    minSubtotalCents,
    startsAt,
    endsAt,
    maxUses,
    maxUsesPerCustomer,
    firstOrderOnly: form.firstOrderOnly === true,
    categoryIds,
    productIds,
    email,
    active: form.active !== false,
  };
}

const codeTaken = () => AppError.field('code', 'CODE_TAKEN', 'A discount code with this name already exists.');

export const discountsService = {
  /** Applies a code to the shopper's cart after checking it against the cart as it is now. */
  async apply(ctx: RequestContext, rawCode: unknown): Promise<CartView> {
    const viewer = requireViewer(ctx);
    const code = normaliseCode(rawCode);
    if (!code) throw AppError.field('discountCode', 'REQUIRED', 'Enter a discount code.');
    if (code.length > 64) throw unknownCode();
    await applyLimit.consume(ctx.em, viewer.id);
    const [discount] = await ctx.em
      .getConnection()
      .execute<DiscountWithUsage[]>(`select ${discountUsageColumns} from discount_codes d where d.code = ?`, [
        viewer.id,
        viewer.id,
        viewer.id,
        code,
      ]);
    if (!discount) throw unknownCode();
    const cart = await cartService.cart(ctx);
    discountCentsFor(
      discount,
      cart.items.map((line) => ({
        productId: line.product.id,
        categoryIds: line.product.categories.map((category) => category.id),
        lineTotalCents: line.lineTotalCents,
      })),
    );
    await applyLimit.giveBack(ctx.em, viewer.id);
    await ctx.em.getConnection().execute(
      `insert into cart_discount_codes (user_id, discount_code_id) values (?, ?)
         on conflict (user_id) do update set discount_code_id = excluded.discount_code_id, applied_at = now()`,
      [viewer.id, discount.id],
    );
    return cartService.cart(ctx);
  },

  async remove(ctx: RequestContext): Promise<CartView> {
    const viewer = requireViewer(ctx);
    await ctx.em.getConnection().execute('delete from cart_discount_codes where user_id = ?', [viewer.id]);
    return cartService.cart(ctx);
  },

  /** Codes newest first with their uses: one statement whatever the page. */
  async list(ctx: RequestContext, page: Page): Promise<{ codes: AdminDiscountCode[]; totalCount: number }> {
    requirePermission(ctx, Permission.DISCOUNTS);
    const row = await queryAdminList<AdminListRow<AdminRow>>(ctx, {
      table: 'discount_codes',
      alias: 'd',
      columns: adminColumns,
      conditions: [],
      parameters: [],
      figures: ['count(*)::int as total'],
      item: 'to_json(page)',
      page,
    });
    return { codes: row.page.map(toAdmin), totalCount: row.total_count };
  },

  async create(ctx: RequestContext, form: DiscountCodeForm): Promise<AdminDiscountCode> {
    requirePermission(ctx, Permission.DISCOUNTS);
    const values = await validateForm(ctx, form);
    let id: number;
    try {
      id = await ctx.em.transactional(async (em) => {
        const code = em.create(DiscountCode, values);
        await em.flush();
        recordAudit(ctx, em, {
          action: 'createDiscountCode',
          targetType: 'discount_code',
          targetId: code.id,
          after: values,
        });
        return code.id;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw codeTaken();
      throw error;
    }
    return this.one(ctx, id);
  },

  async update(ctx: RequestContext, id: number, form: DiscountCodeForm): Promise<AdminDiscountCode> {
    requirePermission(ctx, Permission.DISCOUNTS);
    const values = await validateForm(ctx, form);
    try {
      await ctx.em.transactional(async (em) => {
        const code = await em.findOne(DiscountCode, { id });
        if (!code) throw AppError.notFound('Discount code not found');
        const before = Object.fromEntries(Object.keys(values).map((key) => [key, code[key as keyof DiscountCode]]));
        em.assign(code, values);
        recordAudit(ctx, em, {
          action: 'updateDiscountCode',
          targetType: 'discount_code',
          targetId: id,
          before,
          after: values,
        });
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw codeTaken();
      throw error;
    }
    return this.one(ctx, id);
  },

  /** Stops the code for new orders; orders already placed keep their discount. */
  async deactivate(ctx: RequestContext, id: number): Promise<AdminDiscountCode> {
    requirePermission(ctx, Permission.DISCOUNTS);
    await ctx.em.transactional(async (em) => {
      const code = await em.findOne(DiscountCode, { id });
      if (!code) throw AppError.notFound('Discount code not found');
      recordAudit(ctx, em, {
        action: 'deactivateDiscountCode',
        targetType: 'discount_code',
        targetId: id,
        before: { code: code.code, active: code.active },
        after: { code: code.code, active: false },
      });
      code.active = false;
    });
    return this.one(ctx, id);
  },

  async one(ctx: RequestContext, id: number): Promise<AdminDiscountCode> {
    const [row] = await ctx.em
      .getConnection()
      .execute<AdminRow[]>(
        `select to_json(page) as row from (select ${adminColumns} from discount_codes d where d.id = ?) page`,
        [id],
      )
      .then((rows) => rows.map((entry) => (entry as unknown as { row: AdminRow }).row));
    if (!row) throw AppError.notFound('Discount code not found');
    return toAdmin(row);
  },
};
