import { useState, type KeyboardEvent } from 'react';
import { useToast } from '../../../shared/ui/use-toast';
import { useUpdateProductQuantityMutation, useUpdateVariantQuantityMutation } from '../api/products.generated';

// SPEC §8.
const QUANTITY_FAILED = 'Failed to update quantity';

interface StockSize {
  id: number;
  quantity: number;
  inStock: boolean;
}

/** What the stock editors read of a product: its quantity (the default size's) and its sizes, the default first. */
interface StockProduct {
  id: number;
  name: string;
  quantity: number;
  variants: StockSize[];
}

/** The product with one size's quantity set, as the server will answer it: the default size's is the product's. */
function withSizeQuantity(product: StockProduct, sizeId: number | null, quantity: number) {
  const defaultId = product.variants[0]?.id ?? null;
  const isDefault = sizeId === null || sizeId === defaultId;
  const productQuantity = isDefault ? quantity : product.quantity;
  return {
    __typename: 'Product' as const,
    id: product.id,
    quantity: productQuantity,
    inStock: productQuantity > 0,
    variants: product.variants.map((size) => {
      const changed = size.id === (sizeId ?? defaultId);
      return {
        __typename: 'ProductVariant' as const,
        id: size.id,
        quantity: changed ? quantity : size.quantity,
        inStock: changed ? quantity > 0 : size.inStock,
      };
    }),
  };
}

interface StockControlProps {
  /** Names the controls: "Quantity of {name}". */
  name: string;
  quantity: number;
  /** Saves the new quantity; false when the server refused it. */
  onApply: (quantity: number) => Promise<boolean>;
}

/**
 * The inline stock edit: − and + buttons and a number field (Enter or leaving it saves, Escape undoes). The new
 * quantity shows at once (the caller's optimistic response) and falls back, with SPEC §8's message, on refusal.
 */
function StockControl({ name, quantity, onApply }: StockControlProps) {
  const { showToast } = useToast();
  const [draft, setDraft] = useState<string | null>(null);

  async function apply(next: number) {
    setDraft(null);
    if (!Number.isSafeInteger(next) || next < 0 || next === quantity) return;
    let saved = false;
    try {
      saved = await onApply(next);
    } catch {
      saved = false;
    }
    // A refusal carries no product, so the cache keeps the stored quantity once the optimistic layer goes.
    if (!saved) showToast(QUANTITY_FAILED, { variant: 'error' });
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
        aria-label={`Decrease quantity of ${name}`}
        disabled={quantity <= 0}
        onClick={() => apply(quantity - 1)}
      >
        −
      </button>
      <input
        type="number"
        min="0"
        step="1"
        inputMode="numeric"
        aria-label={`Quantity of ${name}`}
        value={draft ?? String(quantity)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="button button--outline"
        aria-label={`Increase quantity of ${name}`}
        onClick={() => apply(quantity + 1)}
      >
        +
      </button>
    </span>
  );
}

/**
 * The inventory's inline stock edit of a product (SPEC §8): its default size's quantity, shown at once (an
 * optimistic response written to the cache, so every list showing the product agrees).
 */
export function QuantityEditor({ product }: { product: StockProduct }) {
  const [updateQuantity] = useUpdateProductQuantityMutation();
  return (
    <StockControl
      name={product.name}
      quantity={product.quantity}
      onApply={async (quantity) => {
        const { data } = await updateQuantity({
          variables: { id: product.id, quantity },
          optimisticResponse: {
            updateProductQuantity: {
              __typename: 'ProductPayload',
              product: withSizeQuantity(product, null, quantity),
              errors: [],
            },
          },
        });
        return Boolean(data?.updateProductQuantity.product);
      }}
    />
  );
}

/** One size's stock edit (the inventory's row per size), optimistic like the product's. */
export function VariantQuantityEditor({
  product,
  size,
  name,
}: {
  product: StockProduct;
  size: StockSize;
  /** The size's name in the controls' labels: "Oud Savanna — 5 ml decant · Eau de Parfum". */
  name: string;
}) {
  const [updateQuantity] = useUpdateVariantQuantityMutation();
  return (
    <StockControl
      name={name}
      quantity={size.quantity}
      onApply={async (quantity) => {
        const { data } = await updateQuantity({
          variables: { variantId: size.id, quantity },
          optimisticResponse: {
            updateVariantQuantity: {
              __typename: 'ProductPayload',
              product: withSizeQuantity(product, size.id, quantity),
              errors: [],
            },
          },
        });
        return Boolean(data?.updateVariantQuantity.product);
      }}
    />
  );
}
