import { centsToShillings, shillingsToCents } from './admin-format';

/** The discount form's fields as typed (text), and the code's values as the API takes them. */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  /** A percentage, or shillings for a fixed amount. */
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  firstOrderOnly: boolean;
  categoryIds: number[];
  productIds: string;
  email: string;
  active: boolean;
}

export const emptyDiscountForm: DiscountFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  maxUsesPerCustomer: '',
  firstOrderOnly: false,
  categoryIds: [],
  productIds: '',
  email: '',
  active: true,
};

interface StoredCode {
  code: string;
  kind: string;
  value: number;
  minSubtotalCents: number;
  startsAt?: string | null;
  endsAt?: string | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  firstOrderOnly: boolean;
  categoryIds: number[];
  productIds: number[];
  email?: string | null;
  active: boolean;
}

/** `<input type="datetime-local">` works in local time without a zone. */
function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function discountFormOf(code: StoredCode): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind === 'fixed' ? 'fixed' : 'percent',
    value: code.kind === 'fixed' ? centsToShillings(code.value) : String(code.value),
    minSubtotal: code.minSubtotalCents > 0 ? centsToShillings(code.minSubtotalCents) : '',
    startsAt: toLocalInput(code.startsAt),
    endsAt: toLocalInput(code.endsAt),
    maxUses: code.maxUses ? String(code.maxUses) : '',
    maxUsesPerCustomer: code.maxUsesPerCustomer ? String(code.maxUsesPerCustomer) : '',
    firstOrderOnly: code.firstOrderOnly,
    categoryIds: code.categoryIds,
    productIds: code.productIds.join(', '),
    email: code.email ?? '',
    active: code.active,
  };
}

const maxInt = 2 ** 31 - 1;

/** A whole number, or null when empty; -1 (which the server refuses with a field error) when not one. */
function whole(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,10}$/.test(trimmed) && Number(trimmed) <= maxInt ? Number(trimmed) : -1;
}

const intOrInvalid = (cents: number | null) => (cents === null || cents > maxInt ? -1 : cents);

/** The API's input; amounts the server refuses come back as field errors, so nothing is judged twice here. */
export function discountInputOf(form: DiscountFormValues) {
  const value = form.kind === 'fixed' ? intOrInvalid(shillingsToCents(form.value)) : whole(form.value);
  return {
    code: form.code.trim(),
    kind: form.kind,
    value: value ?? 0,
    minSubtotalCents: form.minSubtotal.trim() ? intOrInvalid(shillingsToCents(form.minSubtotal)) : null,
    startsAt: form.startsAt ? new Date(form.startsAt).toISOString() : null,
    endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
    maxUses: whole(form.maxUses),
    maxUsesPerCustomer: whole(form.maxUsesPerCustomer),
    firstOrderOnly: form.firstOrderOnly,
    categoryIds: form.categoryIds,
    productIds: form.productIds
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((id) => whole(id) ?? -1),
    email: form.email.trim() || null,
    active: form.active,
  };
}
