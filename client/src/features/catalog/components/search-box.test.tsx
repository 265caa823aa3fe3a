import type { MockedResponse } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchSuggestionsDocument, type SearchSuggestionsQuery } from '../api/search-suggestions.generated';
import { renderWithProviders } from '../testing/render';
import { SearchBox } from './search-box';

type Found = SearchSuggestionsQuery['searchSuggestions'];

function suggestionsMock(
  q: string,
  found: Omit<Found, '__typename' | 'query'>,
): MockedResponse<SearchSuggestionsQuery> {
  return {
    request: { query: SearchSuggestionsDocument, variables: { q } },
    result: { data: { searchSuggestions: { __typename: 'SearchSuggestions', query: q, ...found } } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

const product = (id: number, name: string, effectivePriceCents: number) => ({
  __typename: 'Product' as const,
  id,
  name,
  effectivePriceCents,
  images: [{ __typename: 'ProductImage' as const, id: String(id), url: `/uploads/product-${id}.webp` }],
});

const oudh = suggestionsMock('oudh', {
  categories: [],
  products: [product(1, 'Oud Savanna Eau de Parfum 100ml', 1250000), product(7, 'Oud Royale 50ml', 990000)],
});
const women = suggestionsMock('women', {
  categories: [{ __typename: 'Category', id: 2, name: 'FOR WOMEN', path: '/category/for-women' }],
  products: [],
});

function field() {
  return screen.getByRole('combobox', { name: 'Search products and categories' });
}

/**
 * Enters `text` as one input (a paste): typed key by key on a loaded machine, a pause between two keys can outlast
 * the debounce and ask for a prefix no mock answers. The debounce itself has its own test, which types.
 */
async function typeAndWait(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(field());
  await user.paste(text);
  await screen.findByRole('listbox', { name: 'Suggestions' });
}

describe('SearchBox (combobox)', () => {
  it('suggests products as one types, after a pause, with the ARIA a screen reader needs', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />, { mocks: [oudh] });
    const input = field();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-autocomplete', 'list');

    await typeAndWait(user, 'oudh');
    const listbox = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Oud Savanna Eau de Parfum 100mlKsh 12,500.00',
      'Oud Royale 50mlKsh 9,900.00',
      'Search for “oudh”All results',
    ]);
    expect(input).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByRole('status')).toHaveTextContent('2 suggestions');
  });

  it('moves the highlight with the arrow keys (wrapping) and opens the highlighted product with Enter', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBox />, { mocks: [oudh] });
    await typeAndWait(user, 'oudh');
    const input = field();
    const options = () => screen.getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Past the last ("Search for …") back to the first.
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    expect(input).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(location.current()).toBe('/product/1');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('goes to the results page with Enter when nothing is highlighted, and holds its search there', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBox />, { mocks: [oudh] });
    await user.type(field(), ' oudh {Enter}');
    expect(location.current()).toBe('/search?q=oudh');
    expect(field()).toHaveValue('oudh');
    expect(field()).not.toHaveFocus();
  });

  it('shows the search of the results page it is opened on', () => {
    renderWithProviders(<SearchBox />, { route: '/search?q=rose%20de' });
    expect(field()).toHaveValue('rose de');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the list with Escape, then clears the field with a second Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchBox />, { mocks: [oudh] });
    await typeAndWait(user, 'oudh');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(field()).toHaveValue('oudh');
    await user.keyboard('{Escape}');
    expect(field()).toHaveValue('');
    // Down opens the list again once there is something to show.
    await user.type(field(), 'oudh');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeVisible();
  });

  it('suggests categories and opens one by click', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<SearchBox />, { mocks: [women] });
    await typeAndWait(user, 'women');
    await user.click(screen.getByRole('option', { name: /FOR WOMEN/ }));
    expect(location.current()).toBe('/category/for-women');
  });

  it('asks nothing for one letter and only once for a word typed quickly', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const counted: MockedResponse<SearchSuggestionsQuery> = {
      ...oudh,
      result: () => {
        asked += 1;
        return oudh.result as { data: SearchSuggestionsQuery };
      },
    };
    // Any other query would fail the test: the mock link errors on a request it has no answer for.
    renderWithProviders(<SearchBox />, { mocks: [counted] });
    await user.type(field(), 'o');
    await user.clear(field());
    await user.type(field(), 'oudh');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });
});
