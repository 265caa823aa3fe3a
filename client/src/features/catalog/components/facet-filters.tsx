import { useId, useState, type KeyboardEvent } from 'react';
import type { ProductFacetsQuery } from '../api/product-facets.generated';
import { CONCENTRATIONS, SCENT_FAMILIES, noteLabel } from '../fragrance-names';
import { MAX_FILTER_NOTES, type FacetChoices } from '../product-list-params';

/** Notes shown before "More notes": a phone's screen of choices. */
export const NOTES_SHOWN = 8;

export type FacetCounts = ProductFacetsQuery['productFacets'];

interface FacetFiltersProps {
  choices: FacetChoices;
  /** The server's counts for the current filter; undefined while they load (the choices still show). */
  counts: FacetCounts | undefined;
  onChange: (change: Partial<FacetChoices>) => void;
}

interface Option<T> {
  value: T;
  label: string;
  count: number | undefined;
}

/** Adds or removes one value, kept in `order`. */
function toggled<T>(values: readonly T[], value: T, checked: boolean, order?: readonly T[]): T[] {
  const next = checked ? [...values, value] : values.filter((item) => item !== value);
  return order ? order.filter((item) => next.includes(item)) : next;
}

/**
 * Scent family, notes, concentration, size and price, each with how many products a value shows (decision 0084):
 * families, concentrations and sizes show any chosen value's products; a product must have every chosen note.
 * Values no product has are left out, chosen ones never.
 */
export function FacetFilters({ choices, counts, onChange }: FacetFiltersProps) {
  const familyOptions: Option<(typeof SCENT_FAMILIES)[number]['value']>[] = SCENT_FAMILIES.map((family) => ({
    value: family.value,
    label: family.label,
    count: counts?.scentFamilies.find((counted) => counted.scentFamily === family.value)?.count,
  })).filter((option) => (option.count ?? 0) > 0 || choices.scentFamilies.includes(option.value));

  const concentrationOptions = CONCENTRATIONS.map((concentration) => ({
    value: concentration.value,
    label: concentration.label,
    count: counts?.concentrations.find((counted) => counted.concentration === concentration.value)?.count,
  })).filter((option) => (option.count ?? 0) > 0 || choices.concentrations.includes(option.value));

  const noteOptions: Option<string>[] = (counts?.notes ?? []).map((counted) => ({
    value: counted.note,
    label: noteLabel(counted.note),
    count: counted.count,
  }));
  for (const note of choices.notes) {
    if (!noteOptions.some((option) => option.value === note)) {
      noteOptions.unshift({ value: note, label: noteLabel(note), count: undefined });
    }
  }

  const sizes = new Map((counts?.sizes ?? []).map((counted) => [counted.sizeMl, counted.count]));
  for (const size of choices.sizesMl) if (!sizes.has(size)) sizes.set(size, 0);
  const sizeOptions: Option<number>[] = [...sizes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([size, count]) => ({ value: size, label: `${size} ml`, count: counts ? count : undefined }));

  return (
    <>
      <CheckboxGroup
        legend="Scent family"
        options={familyOptions}
        chosen={choices.scentFamilies}
        onToggle={(value, checked) =>
          onChange({
            scentFamilies: toggled(
              choices.scentFamilies,
              value,
              checked,
              SCENT_FAMILIES.map((family) => family.value),
            ),
          })
        }
      />
      <NoteGroup
        options={noteOptions}
        chosen={choices.notes}
        onToggle={(value, checked) => onChange({ notes: toggled(choices.notes, value, checked) })}
      />
      <CheckboxGroup
        legend="Concentration"
        options={concentrationOptions}
        chosen={choices.concentrations}
        onToggle={(value, checked) =>
          onChange({
            concentrations: toggled(
              choices.concentrations,
              value,
              checked,
              CONCENTRATIONS.map((concentration) => concentration.value),
            ),
          })
        }
      />
      <CheckboxGroup
        legend="Size"
        options={sizeOptions}
        chosen={choices.sizesMl}
        onToggle={(value, checked) =>
          onChange({ sizesMl: toggled(choices.sizesMl, value, checked).sort((a, b) => a - b) })
        }
      />
      <PriceRange
        minKes={choices.minPriceKes}
        maxKes={choices.maxPriceKes}
        lowestCents={counts?.minPriceCents ?? null}
        highestCents={counts?.maxPriceCents ?? null}
        onChange={(minPriceKes, maxPriceKes) => onChange({ minPriceKes, maxPriceKes })}
      />
    </>
  );
}

function CountedLabel({ label, count }: { label: string; count: number | undefined }) {
  return (
    <>
      {label}
      {count === undefined ? null : <span className="filter-panel__count"> ({count})</span>}
    </>
  );
}

function CheckboxGroup<T extends string | number>({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: Option<T>[];
  chosen: readonly T[];
  onToggle: (value: T, checked: boolean) => void;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset className="filter-panel__group filter-panel__fieldset">
      <legend className="filter-panel__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="filter-panel__check">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => onToggle(option.value, event.target.checked)}
          />{' '}
          <CountedLabel label={option.label} count={option.count} />
        </label>
      ))}
    </fieldset>
  );
}

function NoteGroup({
  options,
  chosen,
  onToggle,
}: {
  options: Option<string>[];
  chosen: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
}) {
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  if (options.length === 0) return null;
  const shown = showAll ? options : options.slice(0, Math.max(NOTES_SHOWN, chosen.length));
  const full = chosen.length >= MAX_FILTER_NOTES;
  return (
    <fieldset className="filter-panel__group filter-panel__fieldset">
      <legend className="filter-panel__label">Notes</legend>
      <p className="filter-panel__hint">Products with every note you tick.</p>
      <div id={listId} className="filter-panel__options">
        {shown.map((option) => {
          const checked = chosen.includes(option.value);
          return (
            <label key={option.value} className="filter-panel__check">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => onToggle(option.value, event.target.checked)}
              />{' '}
              <CountedLabel label={option.label} count={option.count} />
            </label>
          );
        })}
      </div>
      {options.length > shown.length || showAll ? (
        <button
          type="button"
          className="filter-panel__more"
          aria-expanded={showAll}
          aria-controls={listId}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Fewer notes' : `More notes (${options.length - shown.length})`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A whole number of shillings typed, or null for none; undefined when it is not one. */
function typedKes(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/[,\s]/g, '');
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
}

function PriceRange({
  minKes,
  maxKes,
  lowestCents,
  highestCents,
  onChange,
}: {
  minKes: number | null;
  maxKes: number | null;
  lowestCents: number | null;
  highestCents: number | null;
  onChange: (minKes: number | null, maxKes: number | null) => void;
}) {
  const minId = useId();
  const maxId = useId();
  const [minDraft, setMinDraft] = useState(minKes === null ? '' : String(minKes));
  const [maxDraft, setMaxDraft] = useState(maxKes === null ? '' : String(maxKes));
  const [synced, setSynced] = useState({ minKes, maxKes });
  // The URL changed under us (back button, Clear): show its range.
  if (synced.minKes !== minKes || synced.maxKes !== maxKes) {
    setSynced({ minKes, maxKes });
    setMinDraft(minKes === null ? '' : String(minKes));
    setMaxDraft(maxKes === null ? '' : String(maxKes));
  }

  function apply() {
    const min = typedKes(minDraft);
    const max = typedKes(maxDraft);
    if (min === undefined || max === undefined) return;
    if (min !== minKes || max !== maxKes) onChange(min, max);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Not the panel's search: this range.
      event.preventDefault();
      apply();
    }
  }

  const placeholder = (cents: number | null, fallback: string) =>
    cents === null ? fallback : String(Math.floor(cents / 100));
  return (
    <fieldset className="filter-panel__group filter-panel__fieldset">
      <legend className="filter-panel__label">Price (Ksh)</legend>
      <div className="filter-panel__range">
        <label htmlFor={minId} className="filter-panel__range-label">
          Min
        </label>
        <input
          id={minId}
          className="filter-panel__input"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={minDraft}
          placeholder={placeholder(lowestCents, '0')}
          onChange={(event) => setMinDraft(event.target.value)}
          onBlur={apply}
          onKeyDown={onKeyDown}
        />
        <label htmlFor={maxId} className="filter-panel__range-label">
          Max
        </label>
        <input
          id={maxId}
          className="filter-panel__input"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          value={maxDraft}
          placeholder={placeholder(highestCents === null ? null : highestCents + 99, 'Any')}
          onChange={(event) => setMaxDraft(event.target.value)}
          onBlur={apply}
          onKeyDown={onKeyDown}
        />
      </div>
    </fieldset>
  );
}
