import { useState } from 'react';
import { useAddToCartHandler } from '../../../shared/cart/add-to-cart-handler';

interface AddToCartButtonProps {
  productId: number;
  inStock: boolean;
  label?: string;
  className?: string;
  /** How many to add (the product page's quantity selector); the handler adds one when absent. */
  quantity?: number;
  /** The size to add (the product page's size selector); the server adds the default size when absent. */
  variantId?: number;
  /** Id of the product name, so each of a grid's many 'Add to Cart' buttons says which product it adds. */
  describedBy?: string;
}

// SPEC §2: disabled when out of stock ('Out of Stock') or while adding ('Adding...').
export function AddToCartButton({
  productId,
  inStock,
  label = 'Add to Cart',
  className = 'button',
  quantity,
  variantId,
  describedBy,
}: AddToCartButtonProps) {
  const [adding, setAdding] = useState(false);
  // Outside an AddToCartProvider there is none: the button still shows (and does nothing).
  const handler = useAddToCartHandler();

  async function add() {
    if (!handler || adding) return;
    setAdding(true);
    try {
      if (variantId !== undefined) await handler(productId, quantity ?? 1, variantId);
      else await (quantity === undefined ? handler(productId) : handler(productId, quantity));
    } catch {
      // The handler owns its failure messages (and the login redirect); the button only stops waiting.
    } finally {
      setAdding(false);
    }
  }

  return (
    <button
      type="button"
      className={className}
      disabled={!inStock || adding}
      aria-busy={adding || undefined}
      aria-describedby={describedBy}
      onClick={add}
    >
      {!inStock ? 'Out of Stock' : adding ? 'Adding...' : label}
    </button>
  );
}
