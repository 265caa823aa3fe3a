import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { CartContentsFragment } from './cart.generated';
import { useMiniCartDeliveryTermsQuery } from './mini-cart.generated';
import { freeDeliveryProgressText } from '../delivery/delivery-text';
import { formatMoney } from '../format-money';
import { CloseIcon } from '../ui/icons';
import { Modal } from '../ui/modal';
import './mini-cart.css';

/** What an Add to Cart left: the server's whole cart from the mutation's answer and the product added. */
export interface AddedToCart {
  cart: CartContentsFragment;
  productId: number;
  /** The size added; absent when the default size was (a card's button). */
  variantId?: number;
}

/** Where "Checkout" goes: the cart page's summary, where the delivery location is chosen first (SPEC §2 Cart). */
export const CHECKOUT_PATH = '/cart#order-summary';

interface MiniCartDrawerProps {
  /** Open while set. */
  added: AddedToCart | null;
  onClose: () => void;
  /** The Add to Cart button pressed: it was disabled while adding, so the dialog is told where to give focus back. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The mini-cart drawer (issue 13, decision 0052): a modal dialog after a successful Add to Cart with the line
 * added, the cart's count and subtotal, how far the cart is from free delivery, and the ways on to the cart.
 * Loaded on the first add, outside the first load.
 */
export function MiniCartDrawer({ added, onClose, returnFocusTo }: MiniCartDrawerProps) {
  // Mounted (closed) as soon as the first add starts: the delivery terms travel while the add does, and a later
  // answer of the cart page's or the product page's query (the same fields) serves it from the cache.
  const { data } = useMiniCartDeliveryTermsQuery();
  const threshold = data?.freeDeliveryFromCents ?? null;
  return (
    <Modal
      open={added !== null}
      onClose={onClose}
      labelledBy="mini-cart-heading"
      className="mini-cart"
      inertBackground
      returnFocusTo={returnFocusTo}
    >
      {added ? <MiniCartContents added={added} threshold={threshold} onClose={onClose} /> : null}
    </Modal>
  );
}

interface MiniCartContentsProps {
  added: AddedToCart;
  /** The free-delivery threshold; null until the terms have answered (the line then appears). */
  threshold: number | null;
  onClose: () => void;
}

function MiniCartContents({ added: { cart, productId, variantId }, threshold, onClose }: MiniCartContentsProps) {
  const line = cart.items.find(
    (item) => item.product.id === productId && (variantId === undefined || item.variant.id === variantId),
  );
  const count = `${cart.totalQuantity} ${cart.totalQuantity === 1 ? 'item' : 'items'}`;
  const subtotal = formatMoney(cart.subtotalCents);

  // Filled in after the dialog has appeared: a live region that arrives already holding its text is not read.
  const announcement = useRef<HTMLParagraphElement>(null);
  const announcementText = `${line ? `${line.product.name} added to your cart` : 'Added to your cart'}. ${count}, subtotal ${subtotal}.`;
  useEffect(() => {
    if (announcement.current) announcement.current.textContent = announcementText;
  }, [announcementText]);

  const image = line?.product.images[0];
  return (
    <>
      <div className="mini-cart__header">
        <h2 id="mini-cart-heading" className="mini-cart__title">
          Added to cart
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <p ref={announcement} role="status" className="visually-hidden" />
      {line ? (
        <div className="mini-cart__line">
          {image ? (
            <img src={image.url} alt="" width={64} height={64} className="mini-cart__image" />
          ) : (
            <span className="mini-cart__image" />
          )}
          <div>
            <p className="mini-cart__name">{line.product.name}</p>
            {line.variant.label ? <p className="mini-cart__meta">{line.variant.label}</p> : null}
            <p className="mini-cart__meta">
              Quantity {line.quantity} · {formatMoney(line.lineTotalCents)}
            </p>
          </div>
        </div>
      ) : null}
      <dl className="mini-cart__totals">
        <div>
          <dt>In your cart</dt>
          <dd>{count}</dd>
        </div>
        <div>
          <dt>Subtotal</dt>
          <dd>{subtotal}</dd>
        </div>
      </dl>
      {threshold !== null ? (
        <div className="mini-cart__delivery">
          {/* The server's judgement, after an applied discount (decisions 0056, 0076). */}
          <p id="mini-cart-delivery">{freeDeliveryProgressText(cart, threshold)}</p>
          <progress
            aria-labelledby="mini-cart-delivery"
            max={threshold}
            value={Math.min(cart.discountedSubtotalCents, threshold)}
          />
        </div>
      ) : null}
      <div className="mini-cart__actions">
        <Link to="/cart" className="button button--outline" onClick={onClose}>
          View cart
        </Link>
        <Link to={CHECKOUT_PATH} className="button" onClick={onClose}>
          Checkout
        </Link>
      </div>
    </>
  );
}
