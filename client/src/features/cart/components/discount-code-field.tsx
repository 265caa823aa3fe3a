import { useState, type FormEvent } from 'react';
import { useApplyDiscountCodeMutation, useRemoveDiscountCodeMutation } from '../api/cart-page.generated';
import { serverMessageOr } from '../../../shared/error-message';

interface DiscountCodeFieldProps {
  /** The code applied to the cart (the server keeps it with the cart), or null. */
  appliedCode: string | null;
  /** Why the applied code takes nothing off the cart as it is now. */
  problem: string | null;
}

const APPLY_FAILED = 'Could not apply the discount code. Please try again.';

// The server judges the code and prices the discount; the cart in its answer updates the summary through the cache.
export function DiscountCodeField({ appliedCode, problem }: DiscountCodeFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applyCode, applying] = useApplyDiscountCodeMutation();
  const [removeCode, removing] = useRemoveDiscountCodeMutation();
  const busy = applying.loading || removing.loading;

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter a discount code.');
      return;
    }
    try {
      const { data } = await applyCode({ variables: { code: code.trim() } });
      const failure = data?.applyDiscountCode.errors[0];
      setError(failure ? failure.message : null);
      if (!failure) setCode('');
    } catch (failure) {
      setError(serverMessageOr(failure, APPLY_FAILED));
    }
  }

  async function remove() {
    try {
      const { data } = await removeCode();
      setError(data?.removeDiscountCode.errors[0]?.message ?? null);
    } catch (failure) {
      setError(serverMessageOr(failure, APPLY_FAILED));
    }
  }

  if (appliedCode) {
    return (
      <div className="discount-code">
        <p className="discount-code__applied">
          Code <strong>{appliedCode}</strong> applied{' '}
          <button type="button" className="button button--outline" disabled={busy} onClick={() => void remove()}>
            Remove
          </button>
        </p>
        {problem || error ? (
          <p role="alert" className="discount-code__error">
            {error ?? problem}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form className="discount-code" onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor="discount-code-input">Discount code</label>
      <div className="discount-code__row">
        <input
          id="discount-code-input"
          name="discount-code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          maxLength={64}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'discount-code-error' : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="button button--outline" disabled={busy}>
          Apply
        </button>
      </div>
      {error ? (
        <p id="discount-code-error" role="alert" className="discount-code__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
