import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_SORTS, facetChoicesOf, toProductFilter, useProductListParams } from '../product-list-params';
import { createFacetCounts } from '../testing/facet-mocks';
import { renderWithProviders } from '../testing/render';
import type { FacetCounts } from './facet-filters';
import { FilterPanel } from './filter-panel';

const counts = createFacetCounts({
  scentFamilies: [
    { __typename: 'ScentFamilyCount', scentFamily: 'WOODY', count: 12 },
    { __typename: 'ScentFamilyCount', scentFamily: 'FLORAL', count: 3 },
  ],
  notes: Array.from({ length: 12 }, (_, index) => ({
    __typename: 'NoteCount' as const,
    note: index === 0 ? 'pink pepper' : `note ${index}`,
    count: 20 - index,
  })),
  concentrations: [{ __typename: 'ConcentrationCount', concentration: 'EAU_DE_PARFUM', count: 9 }],
  sizes: [
    { __typename: 'SizeFacetCount', sizeMl: 5, count: 4 },
    { __typename: 'SizeFacetCount', sizeMl: 100, count: 11 },
  ],
  minPriceCents: 150_000,
  maxPriceCents: 2_000_000,
  total: 15,
});

// The panel wired to the URL as the pages wire it, with the filter it produces.
function Harness({ facetCounts }: { facetCounts: FacetCounts | undefined }) {
  const list = useProductListParams(CATEGORY_SORTS);
  return (
    <>
      <FilterPanel
        headingId="filters"
        search={list.search}
        onSearchChange={list.setSearch}
        availability={list.availability}
        onAvailabilityChange={list.setAvailability}
        facets={{ choices: list, counts: facetCounts, onChange: list.setFacets }}
        onClear={list.clearFilters}
      />
      <span data-testid="filter" hidden>
        {JSON.stringify(toProductFilter(list, 'for-men'))}
      </span>
    </>
  );
}

/** `null`: the counts have not come yet. */
function renderPanel(route = '/category/for-men', facetCounts: FacetCounts | null = counts) {
  return renderWithProviders(<Harness facetCounts={facetCounts ?? undefined} />, { route });
}

const filter = () => JSON.parse(screen.getByTestId('filter').textContent ?? '{}') as unknown;
const group = (name: string) => screen.getByRole('group', { name });

describe('fragrance facets in the filter panel', () => {
  it('lists each value with its count in a labelled group, values no product has left out', () => {
    renderPanel();
    expect(
      within(group('Scent family'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent?.trim()),
    ).toEqual(['Floral (3)', 'Woody (12)']);
    expect(within(group('Concentration')).getByRole('checkbox', { name: 'Eau de Parfum (9)' })).not.toBeChecked();
    expect(within(group('Size')).getByRole('checkbox', { name: '100 ml (11)' })).toBeInTheDocument();
    // Notes capitalised for reading, the commonest first.
    expect(within(group('Notes')).getAllByRole('checkbox')[0]).toHaveAccessibleName('Pink Pepper (20)');
    expect(screen.getByRole('textbox', { name: 'Min' })).toHaveAttribute('placeholder', '1500');
    expect(screen.getByRole('textbox', { name: 'Max' })).toHaveAttribute('placeholder', '20000');
  });

  it('puts ticked values in the URL and the filter, and takes them out again', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel();
    await user.click(screen.getByRole('checkbox', { name: 'Woody (12)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Floral (3)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pink Pepper (20)' }));
    await user.click(screen.getByRole('checkbox', { name: '100 ml (11)' }));
    await user.click(screen.getByRole('checkbox', { name: '5 ml (4)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Eau de Parfum (9)' }));
    expect(location.current()).toBe(
      '/category/for-men?family=floral&family=woody&note=pink+pepper&size=5&size=100&concentration=eau-de-parfum',
    );
    expect(filter()).toEqual({
      categorySlug: 'for-men',
      scentFamilies: ['FLORAL', 'WOODY'],
      notes: ['pink pepper'],
      concentrations: ['EAU_DE_PARFUM'],
      sizesMl: [5, 100],
    });
    await user.click(screen.getByRole('checkbox', { name: 'Woody (12)' }));
    expect(filter()).toMatchObject({ scentFamilies: ['FLORAL'] });
    // Every ticked value counts as a filter; Clear takes them all.
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location.current()).toBe('/category/for-men');
    expect(filter()).toEqual({ categorySlug: 'for-men' });
  });

  it('shows a few notes first and the rest on asking', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(within(group('Notes')).getAllByRole('checkbox')).toHaveLength(8);
    const more = screen.getByRole('button', { name: 'More notes (4)' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(group('Notes')).getAllByRole('checkbox')).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Fewer notes' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('applies a price range in shillings on Enter, sending cents, and a backwards range the right way round', async () => {
    const user = userEvent.setup();
    const { location } = renderPanel();
    await user.type(screen.getByRole('textbox', { name: 'Min' }), '2,000');
    await user.type(screen.getByRole('textbox', { name: 'Max' }), '5000{Enter}');
    expect(location.current()).toBe('/category/for-men?price-min=2000&price-max=5000');
    expect(filter()).toEqual({ categorySlug: 'for-men', minPriceCents: 200_000, maxPriceCents: 500_000 });
    await user.clear(screen.getByRole('textbox', { name: 'Min' }));
    await user.tab();
    expect(location.current()).toBe('/category/for-men?price-max=5000');
  });

  it('reads a shared link: chosen values ticked even before (or without) their counts', () => {
    renderPanel('/category/for-men?family=leather&note=Oud&size=30&price-min=9000&price-max=100', null);
    expect(screen.getByRole('checkbox', { name: 'Leather' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Oud' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '30 ml' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Min' })).toHaveValue('100');
    expect(filter()).toEqual({
      categorySlug: 'for-men',
      scentFamilies: ['LEATHER'],
      notes: ['oud'],
      sizesMl: [30],
      minPriceCents: 10_000,
      maxPriceCents: 900_000,
    });
  });
});

describe('facetChoicesOf', () => {
  it('leaves out what the server would refuse or does not know', () => {
    const params = new URLSearchParams(
      'family=woody&family=plastic&concentration=edp&size=0&size=abc&size=50&price-min=-5&note=%20%20&note=' +
        'x'.repeat(41) +
        Array.from({ length: 12 }, (_, index) => `&note=n${index}`).join(''),
    );
    const choices = facetChoicesOf(params);
    expect(choices.scentFamilies).toEqual(['WOODY']);
    expect(choices.concentrations).toEqual([]);
    expect(choices.sizesMl).toEqual([50]);
    expect(choices.minPriceKes).toBeNull();
    // At most the 10 notes a filter may name.
    expect(choices.notes).toEqual(Array.from({ length: 10 }, (_, index) => `n${index}`));
  });
});
