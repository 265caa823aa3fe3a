import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_SORTS, toProductFilter, useProductListParams } from '../product-list-params';
import { renderWithProviders } from '../testing/render';
import { FilterPanel, SEARCH_DEBOUNCE_MS } from './filter-panel';
import { SortSelect } from './sort-select';

// The panel and sort select wired to the URL exactly as the pages wire them, plus the filter they produce.
function Harness() {
  const list = useProductListParams(CATEGORY_SORTS);
  return (
    <>
      <FilterPanel
        headingId="filters"
        search={list.search}
        onSearchChange={list.setSearch}
        availability={list.availability}
        onAvailabilityChange={list.setAvailability}
        onClear={list.clearFilters}
      />
      <SortSelect label="Sort by" options={CATEGORY_SORTS} value={list.sort} onChange={list.setSort} />
      <span data-testid="variables" hidden>
        {JSON.stringify({ filter: toProductFilter(list, 'for-men'), sort: list.sort })}
      </span>
    </>
  );
}

function renderPanel(route = '/category/for-men') {
  return renderWithProviders(<Harness />, { route });
}

function variables() {
  return JSON.parse(screen.getByTestId('variables').textContent ?? '{}') as unknown;
}

describe('FilterPanel with the URL', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes the search to the URL only after typing pauses', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { location } = renderPanel();

    const input = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.type(input, 'ro');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    await user.type(input, 'se');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(location.current()).toBe('/category/for-men');

    act(() => jest.advanceTimersByTime(1));
    expect(location.current()).toBe('/category/for-men?q=rose');
    // No half-typed search ever reached the URL (or the server).
    expect(location.entries).toEqual(['/category/for-men', '/category/for-men?q=rose']);
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men', search: 'rose' }, sort: 'BEST_SELLING' });
  });

  it('takes at most the 100 characters the server accepts (decision 0064)', () => {
    renderPanel();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveAttribute('maxlength', '100');
  });

  it('searches at once on Enter and clears the search when the box is emptied', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel('/category/for-men?q=oud');

    const input = screen.getByRole('searchbox', { name: 'Search by name' });
    expect(input).toHaveValue('oud');
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men', search: 'oud' }, sort: 'BEST_SELLING' });

    await user.clear(input);
    await user.type(input, 'musk{Enter}');
    expect(location.current()).toBe('/category/for-men?q=musk');

    await user.clear(input);
    await waitFor(() => expect(location.current()).toBe('/category/for-men'));
  });

  it('keeps the letters typed while its own search travels to the URL and back', async () => {
    // The page applies the search later than the panel sends it (a busy machine, a slow render): the
    // URL's '' arriving after "m" was typed must not wipe the "m" (it made "musk" into "usk").
    const user = userEvent.setup();
    const sent: string[] = [];
    const props = {
      headingId: 'filters',
      onSearchChange: (value: string) => sent.push(value),
      availability: [],
      onAvailabilityChange: () => {},
    };
    const { rerender } = render(<FilterPanel {...props} search="oud" />);
    const input = screen.getByRole('searchbox', { name: 'Search by name' });
    await user.clear(input);
    await waitFor(() => expect(sent).toEqual(['']));
    await user.type(input, 'm');
    rerender(<FilterPanel {...props} search="" />);
    expect(input).toHaveValue('m');
    await waitFor(() => expect(sent).toEqual(['', 'm']));
    // A search that is not the panel's own (the back button) still replaces what is typed.
    rerender(<FilterPanel {...props} search="rose" />);
    expect(input).toHaveValue('rose');
  });

  it('keeps the space typed between words while the search settles', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel();
    const input = screen.getByRole('searchbox', { name: 'Search by name' });

    await user.type(input, 'white ');
    await waitFor(() => expect(location.current()).toBe('/category/for-men?q=white'));
    expect(input).toHaveValue('white ');
    await user.type(input, 'musk');
    await waitFor(() => expect(location.current()).toBe('/category/for-men?q=white+musk'));
  });

  it('puts the availability checkboxes in the URL; none checked means all', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel();

    expect(screen.getByRole('group', { name: 'Availability' })).toBeInTheDocument();
    const inStock = screen.getByRole('checkbox', { name: 'In stock' });
    const outOfStock = screen.getByRole('checkbox', { name: 'Out of stock' });
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men' }, sort: 'BEST_SELLING' });

    await user.click(outOfStock);
    await user.click(inStock);
    expect(location.current()).toBe('/category/for-men?availability=in-stock&availability=out-of-stock');
    expect(variables()).toEqual({
      filter: { categorySlug: 'for-men', availability: ['IN_STOCK', 'OUT_OF_STOCK'] },
      sort: 'BEST_SELLING',
    });

    await user.click(outOfStock);
    expect(location.current()).toBe('/category/for-men?availability=in-stock');
    expect(inStock).toBeChecked();
    expect(outOfStock).not.toBeChecked();

    // The back button undoes the last change.
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('checkbox', { name: 'Out of stock' })).toBeChecked();
  });

  it('restores the search box when the back button changes the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel('/category/for-men?q=amber');
    await user.click(screen.getByRole('checkbox', { name: 'In stock' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.current()).toBe('/category/for-men');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('amber');
    expect(screen.getByRole('checkbox', { name: 'In stock' })).toBeChecked();
  });

  it('puts the sort in the URL, leaving the default out', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel('/category/for-men?sort=alphabetical');

    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveDisplayValue('Alphabetically');
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men' }, sort: 'ALPHABETICALLY' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Best selling',
      'Price: Low to High',
      'Price: High to Low',
      'Alphabetically',
    ]);

    await user.selectOptions(select, 'Price: High to Low');
    expect(location.current()).toBe('/category/for-men?sort=price-high-to-low');
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men' }, sort: 'PRICE_HIGH_TO_LOW' });

    await user.selectOptions(select, 'Best selling');
    expect(location.current()).toBe('/category/for-men');
  });

  it('ignores unknown URL values', () => {
    renderPanel('/category/for-men?sort=cheapest&availability=maybe');
    expect(variables()).toEqual({ filter: { categorySlug: 'for-men' }, sort: 'BEST_SELLING' });
  });
});
