/**
 * The Add to Cart that sent a guest to sign in (issue 26): kept in this tab's sessionStorage, so it survives every
 * way of signing in (a code screen, Google's redirect, registration over several pages) and is completed once the
 * shopper is back on the page they pressed it on. Forgotten after half an hour: an add from long ago is not a wish.
 */
export interface PendingAddToCart {
  productId: number;
  quantity: number;
  variantId?: number;
  /** The page (path and query) the button was pressed on. */
  from: string;
  savedAt: number;
}

const storageKey = 'manukato.pending-add-to-cart';
export const PENDING_ADD_MAX_AGE_MS = 30 * 60_000;

const positiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

export function savePendingAddToCart(add: Omit<PendingAddToCart, 'savedAt'>, now = Date.now()): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ ...add, savedAt: now }));
  } catch {
    // Storage refused (private mode, full): signing in still returns to the page, without the add.
  }
}

/** The pending add, when there is a fresh and well-formed one. */
export function readPendingAddToCart(now = Date.now()): PendingAddToCart | null {
  let stored: unknown;
  try {
    stored = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { productId, quantity, variantId, from, savedAt } = stored as Record<string, unknown>;
  if (!positiveInteger(productId) || !positiveInteger(quantity)) return null;
  if (variantId !== undefined && !positiveInteger(variantId)) return null;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (typeof savedAt !== 'number' || now - savedAt > PENDING_ADD_MAX_AGE_MS || savedAt > now) return null;
  return { productId, quantity, from, savedAt, ...(variantId === undefined ? {} : { variantId }) };
}

export function clearPendingAddToCart(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing was kept.
  }
}
