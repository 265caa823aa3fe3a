import { useId, useState } from 'react';
import './quantity-selector.css';

interface QuantitySelectorProps {
  value: number;
  /** The most one may choose (stock, capped); at least 1. */
  max: number;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

const clamp = (quantity: number, max: number) => Math.min(Math.max(Math.trunc(quantity), 1), max);

/**
 * − / number / + for how many to add. Typing is free while the field has focus (an empty field while the
 * shopper retypes); the value handed up is always a whole number within 1..max.
 */
export function QuantitySelector({ value, max, onChange, disabled = false }: QuantitySelectorProps) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);

  function typed(text: string) {
    setDraft(text);
    const number = Number(text);
    if (text.trim() !== '' && Number.isFinite(number)) onChange(clamp(number, max));
  }

  return (
    <div className="quantity-selector">
      <label htmlFor={inputId}>Quantity</label>
      <div className="quantity-selector__control">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={disabled || value <= 1}
          onClick={() => onChange(clamp(value - 1, max))}
        >
          −
        </button>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft ?? String(value)}
          disabled={disabled}
          onChange={(event) => typed(event.target.value)}
          onBlur={() => setDraft(null)}
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={disabled || value >= max}
          onClick={() => onChange(clamp(value + 1, max))}
        >
          +
        </button>
      </div>
    </div>
  );
}
