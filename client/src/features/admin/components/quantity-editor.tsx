import { useState, type KeyboardEvent } from 'react';
import { useToast } from '../../../shared/ui/use-toast';
import { useUpdateProductQuantityMutation } from '../api/products.generated';

// SPEC §8.
const QUANTITY_FAILED = 'Failed to update quantity';

interface QuantityEditorProps {
  product: { id: number; name: string; quantity: number };
}

/**
 * The inventory's inline stock edit. The new quantity shows at once (an optimistic response written to the
 * cache, so every list showing the product agrees) and falls back to the stored one, with SPEC §8's message,
 * when the server refuses.
 */
export function QuantityEditor({ product }: QuantityEditorProps) {
  const [updateQuantity] = useUpdateProductQuantityMutation();
  const { showToast } = useToast();
  const [draft, setDraft] = useState<string | null>(null);

  async function apply(quantity: number) {
    setDraft(null);
    if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity === product.quantity) return;
    try {
      const { data } = await updateQuantity({
        variables: { id: product.id, quantity },
        optimisticResponse: {
          updateProductQuantity: {
            __typename: 'ProductPayload',
            product: { __typename: 'Product', id: product.id, quantity, inStock: quantity > 0 },
            errors: [],
          },
        },
      });
      // A refusal carries no product, so the cache keeps the stored quantity once the optimistic layer goes.
      if (!data?.updateProductQuantity.product) showToast(QUANTITY_FAILED, { variant: 'error' });
    } catch {
      showToast(QUANTITY_FAILED, { variant: 'error' });
    }
  }

  function commitDraft() {
    if (draft === null) return;
    const text = draft.trim();
    if (!/^\d+$/.test(text)) {
      setDraft(null);
      showToast('Valid quantity is required', { variant: 'error' });
      return;
    }
    void apply(Number(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  }

  return (
    <span className="admin-quantity">
      <button
        type="button"
        className="button button--outline"
        aria-label={`Decrease quantity of ${product.name}`}
        disabled={product.quantity <= 0}
        onClick={() => apply(product.quantity - 1)}
      >
        −
      </button>
      <input
        type="number"
        min="0"
        step="1"
        inputMode="numeric"
        aria-label={`Quantity of ${product.name}`}
        value={draft ?? String(product.quantity)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="button button--outline"
        aria-label={`Increase quantity of ${product.name}`}
        onClick={() => apply(product.quantity + 1)}
      >
        +
      </button>
    </span>
  );
}
