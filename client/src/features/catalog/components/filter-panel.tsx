import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Availability } from '../api/category-products.generated';
import { AVAILABILITY_OPTIONS, facetCount, type FacetChoices, type ProductListParams } from '../product-list-params';
import { FacetFilters, type FacetCounts } from './facet-filters';
import { MAX_SEARCH_LENGTH } from '../search-text';
import './filter-panel.css';

/** Typing pauses this long before the search reaches the URL (and the server). */
export const SEARCH_DEBOUNCE_MS = 300;

interface FilterPanelProps {
  /** Id for the panel's heading, so a drawer or an aside can be labelled by it. */
  headingId: string;
  search: string;
  onSearchChange: (search: string) => void;
  availability: readonly Availability[];
  onAvailabilityChange: (availability: Availability[]) => void;
  /** Fragrance facets (decision 0084): the choices, the server's counts (undefined while loading), the change. */
  facets?: {
    choices: FacetChoices;
    counts: FacetCounts | undefined;
    onChange: (change: Partial<FacetChoices>) => void;
  };
  onClear?: () => void;
}

// One panel for the category page (always shown) and new arrivals (inline, or a drawer on phones).
export function FilterPanel({
  headingId,
  search,
  onSearchChange,
  availability,
  onAvailabilityChange,
  facets,
  onClear,
}: FilterPanelProps) {
  const searchId = useId();
  const [draft, setDraft] = useState(search);
  const [syncedSearch, setSyncedSearch] = useState(search);
  // What this panel last sent: when the URL catches up with it, letters typed since must not be replaced.
  const [sent, setSent] = useState<string | null>(null);

  // The URL changed under us (back button, a shared link, Clear): show its search. A draft that only differs
  // by surrounding spaces is kept, so the space just typed between two words is not eaten.
  if (search !== syncedSearch) {
    setSyncedSearch(search);
    const ownSearchArriving = sent !== null && sent.trim() === search;
    if (!ownSearchArriving && draft.trim() !== search) setDraft(search);
  }

  function send(value: string) {
    setSent(value);
    onSearchChangeRef.current(value);
  }

  // The latest callback, so a re-render (results arriving) does not restart the pause.
  const onSearchChangeRef = useRef(onSearchChange);
  useEffect(() => {
    onSearchChangeRef.current = onSearchChange;
  });

  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => send(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Enter searches at once instead of waiting for the pause.
    event.preventDefault();
    if (draft.trim() !== search) send(draft);
  }

  function toggle(value: Availability, checked: boolean) {
    const next = checked ? [...availability, value] : availability.filter((item) => item !== value);
    onAvailabilityChange(AVAILABILITY_OPTIONS.map((option) => option.value).filter((item) => next.includes(item)));
  }

  const anyActive = search !== '' || availability.length > 0 || (facets ? facetCount(facets.choices) > 0 : false);

  return (
    <form className="filter-panel" role="search" aria-labelledby={headingId} onSubmit={onSubmit}>
      <h2 id={headingId} className="filter-panel__heading">
        Filters
      </h2>
      <div className="filter-panel__group">
        <label htmlFor={searchId} className="filter-panel__label">
          Search by name
        </label>
        <input
          id={searchId}
          type="search"
          className="filter-panel__input"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="e.g. Oud"
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      <fieldset className="filter-panel__group filter-panel__fieldset">
        <legend className="filter-panel__label">Availability</legend>
        {AVAILABILITY_OPTIONS.map((option) => (
          <label key={option.value} className="filter-panel__check">
            <input
              type="checkbox"
              checked={availability.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      {facets ? <FacetFilters choices={facets.choices} counts={facets.counts} onChange={facets.onChange} /> : null}
      {onClear && anyActive ? (
        <button type="button" className="button button--outline filter-panel__clear" onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </form>
  );
}

interface ListFilterPanelProps {
  headingId: string;
  /** The list's filters as the URL holds them, with their setters (useProductListParams). */
  list: ProductListParams;
  counts: FacetCounts | undefined;
  /** What "Clear filters" does; the list's own clearFilters unless given. */
  onClear?: () => void;
}

/** The filter panel of a list whose filters live in the URL: the category and New Arrivals pages. */
export function ListFilterPanel({ headingId, list, counts, onClear = list.clearFilters }: ListFilterPanelProps) {
  return (
    <FilterPanel
      headingId={headingId}
      search={list.search}
      onSearchChange={list.setSearch}
      availability={list.availability}
      onAvailabilityChange={list.setAvailability}
      facets={{ choices: list, counts, onChange: list.setFacets }}
      onClear={onClear}
    />
  );
}
