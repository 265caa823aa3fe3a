/** SPEC §3: a missing payment method reads 'N/A'. */
export function paymentMethodLabel(method: string | null | undefined): string {
  return method?.trim() ? method : 'N/A';
}

/** An order or payment status as shown: 'pending' → 'Pending'. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const PAYMENT_STATE_LABELS: Record<string, string> = {
  pending: 'Unpaid',
  to_collect: 'To collect',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

/** An order's payment with its refunds (the server's paymentState) as the admin reads it: pending is money not yet received. */
export function paymentStateLabel(state: string): string {
  return PAYMENT_STATE_LABELS[state] ?? statusLabel(state);
}

const REFUND_STATUS_LABELS: Record<string, string> = {
  pending: 'Awaiting Paystack',
  processed: 'Processed',
  failed: 'Failed',
  not_sent: 'Not sent, nothing refunded',
};

/** What became of a refund (the server's status): not_sent is one Paystack never received, so no money moved. */
export function refundStatusLabel(status: string): string {
  return REFUND_STATUS_LABELS[status] ?? statusLabel(status);
}

const CHANNEL_LABELS: Record<string, string> = { card: 'Card', mpesa: 'M-Pesa', on_delivery: 'Pay on delivery' };

/** How an order is paid: through Paystack (card, M-Pesa), or at the door. */
export function channelLabel(method: string): string {
  return CHANNEL_LABELS[method] ?? 'M-Pesa';
}

/** SPEC §2: the mobile review list previews 100 characters. */
export const REVIEW_PREVIEW_LENGTH = 100;

export function previewText(text: string, length = REVIEW_PREVIEW_LENGTH): string {
  return text.length <= length ? text : `${text.slice(0, length)}…`;
}

const teamRoleLabels: Record<string, string> = { ADMIN: 'Admin', MANAGER: 'Manager', STAFF: 'Staff' };

/** SPEC §6: the user list shows Admin or User; the team's roles (decision 0102) show as Manager or Staff. */
export function roleLabel(role: string): string {
  return teamRoleLabels[role] ?? 'User';
}

/**
 * Shillings typed in a form ('1250', '1,250.5') as integer cents, or null when it is not an amount. Parsed as
 * text so 0.1 + 0.2 never creeps into a price.
 */
export function shillingsToCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

export function centsToShillings(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '0';
  const minor = cents % 100;
  return minor === 0 ? String(cents / 100) : `${(cents - minor) / 100}.${String(minor).padStart(2, '0')}`;
}
