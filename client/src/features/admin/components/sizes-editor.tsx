import type { ChangeEvent, ComponentProps, ReactElement } from 'react';
import {
  concentrationOptions,
  emptySize,
  type ProductField,
  type SizeField,
  type SizeFormValues,
} from '../product-form-rules';

interface SizesEditorProps {
  /** Prefixes the fields' ids, unique on the page. */
  idPrefix: string;
  sizes: SizeFormValues[];
  onChange: (sizes: SizeFormValues[]) => void;
  errors: Partial<Record<ProductField, string>>;
}

/** An amount in shillings, to the cent. */
function ShillingsInput(props: ComponentProps<'input'>) {
  return <input type="number" min="0" step="0.01" inputMode="decimal" {...props} />;
}

/**
 * The product's sizes (decision 0085): each with its size, concentration, sample mark, SKU, price, sale and stock;
 * added, moved up or down by buttons (the first is the default size, whose price and stock the shop shows first),
 * and removed (the server archives a size that orders or carts name). Fields grouped per size, each labelled.
 */
export function SizesEditor({ idPrefix, sizes, onChange, errors }: SizesEditorProps) {
  const fieldId = (index: number, field: string) => `${idPrefix}-size-${sizes[index]!.key}-${field}`;
  const errorId = (index: number, field: SizeField) => `${fieldId(index, field)}-error`;
  const errorOf = (index: number, field: SizeField) => errors[`sizes.${index}.${field}`];

  function update(index: number, change: Partial<SizeFormValues>) {
    onChange(sizes.map((size, at) => (at === index ? { ...size, ...change } : size)));
  }

  function move(index: number, by: -1 | 1) {
    const next = [...sizes];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  }

  const text =
    (index: number, key: 'sizeMl' | 'sku' | 'price' | 'quantity' | 'salePrice') =>
    (event: ChangeEvent<HTMLInputElement>) =>
      update(index, { [key]: event.target.value });

  const described = (index: number, field: SizeField) => ({
    'aria-invalid': Boolean(errorOf(index, field)),
    'aria-describedby': errorOf(index, field) ? errorId(index, field) : undefined,
  });

  const problem = (index: number, field: SizeField) =>
    errorOf(index, field) ? (
      <p id={errorId(index, field)} className="admin-form__error">
        {errorOf(index, field)}
      </p>
    ) : null;

  const labelled = (index: number, field: SizeField, label: string, control: ReactElement) => (
    <div>
      <label htmlFor={fieldId(index, field)}>{label}</label>
      {control}
      {problem(index, field)}
    </div>
  );

  return (
    <fieldset className="admin-sizes" aria-describedby={errors.sizes ? `${idPrefix}-sizes-error` : undefined}>
      <legend>Sizes</legend>
      <p className="muted">The first size is the default: the shop shows its price and stock first.</p>
      <ol className="admin-sizes__list">
        {sizes.map((size, index) => {
          const name = `Size ${index + 1}`;
          return (
            <li key={size.key}>
              <fieldset className="admin-size">
                <legend>
                  {name}
                  {index === 0 ? ' (default)' : ''}
                </legend>
                <div className="admin-form__row">
                  {labelled(
                    index,
                    'sizeMl',
                    'Size (ml)',
                    <input
                      id={fieldId(index, 'sizeMl')}
                      type="number"
                      min="1"
                      step="1"
                      inputMode="numeric"
                      value={size.sizeMl}
                      onChange={text(index, 'sizeMl')}
                      {...described(index, 'sizeMl')}
                    />,
                  )}
                  <div>
                    <label htmlFor={fieldId(index, 'concentration')}>Concentration</label>
                    <select
                      id={fieldId(index, 'concentration')}
                      value={size.concentration}
                      onChange={(event) =>
                        update(index, { concentration: event.target.value as SizeFormValues['concentration'] })
                      }
                    >
                      <option value="">Not stated</option>
                      {concentrationOptions.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  {labelled(
                    index,
                    'sku',
                    'SKU',
                    <input
                      id={fieldId(index, 'sku')}
                      type="text"
                      maxLength={64}
                      value={size.sku}
                      onChange={text(index, 'sku')}
                      {...described(index, 'sku')}
                    />,
                  )}
                </div>
                <label className="admin-form__check">
                  <input
                    type="checkbox"
                    checked={size.isSample}
                    onChange={(event) => update(index, { isSample: event.target.checked })}
                  />
                  Sample or decant
                </label>
                <div className="admin-form__row">
                  {labelled(
                    index,
                    'price',
                    'Price (Ksh)',
                    <ShillingsInput
                      id={fieldId(index, 'price')}
                      value={size.price}
                      onChange={text(index, 'price')}
                      {...described(index, 'price')}
                    />,
                  )}
                  {labelled(
                    index,
                    'quantity',
                    'Quantity',
                    <input
                      id={fieldId(index, 'quantity')}
                      type="number"
                      min="0"
                      step="1"
                      inputMode="numeric"
                      value={size.quantity}
                      onChange={text(index, 'quantity')}
                      {...described(index, 'quantity')}
                    />,
                  )}
                </div>
                <div className="admin-form__row">
                  <label className="admin-form__check">
                    <input
                      type="checkbox"
                      checked={size.onSale}
                      // SPEC §4: unchecking On Sale resets the sale price to 0.
                      onChange={(event) =>
                        update(index, {
                          onSale: event.target.checked,
                          salePrice: event.target.checked ? size.salePrice : '0',
                        })
                      }
                    />
                    On Sale
                  </label>
                  {labelled(
                    index,
                    'salePrice',
                    'Sale Price (Ksh)',
                    <ShillingsInput
                      id={fieldId(index, 'salePrice')}
                      disabled={!size.onSale}
                      value={size.salePrice}
                      onChange={text(index, 'salePrice')}
                      {...described(index, 'salePrice')}
                    />,
                  )}
                </div>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`Move up: ${name}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Move up
                  </button>
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`Move down: ${name}`}
                    disabled={index === sizes.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Move down
                  </button>
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`Remove ${name}`}
                    disabled={sizes.length === 1}
                    onClick={() => onChange(sizes.filter((other) => other.key !== size.key))}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.sizes ? (
        <p id={`${idPrefix}-sizes-error`} className="admin-form__error">
          {errors.sizes}
        </p>
      ) : null}
      <p className="muted">A size removed that orders or carts name is archived: it stays in their history.</p>
      <button type="button" className="button button--outline" onClick={() => onChange([...sizes, emptySize()])}>
        Add a size
      </button>
    </fieldset>
  );
}
