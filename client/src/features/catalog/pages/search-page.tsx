import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCategoryCarouselQuery } from '../api/category-carousel.generated';
import { useCategoryProductsQuery } from '../api/category-products.generated';
import { useProductFacetsQuery } from '../api/product-facets.generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { FilterDrawer, FilterToggle } from '../components/filter-drawer';
import { FilterPanel } from '../components/filter-panel';
import { ProductResults } from '../components/product-results';
import { SortSelect } from '../components/sort-select';
import {
  PRODUCT_LIST_PAGE_SIZE,
  SEARCH_SORTS,
  facetCount,
  toFacetFilter,
  useProductListParams,
} from '../product-list-params';
import { MIN_SEARCH_LENGTH, searchTitle } from '../search-text';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import './catalog-page.css';
import { productCountText } from './product-count-text';

const PRIORITY_CARDS = 4;

/**
 * /search?q=oud: products whose names contain the words or are like them (typo-tolerant, decision 0051), the
 * closest first, with the category page's filters and sorts. Not for search engines (noindex).
 */
export function SearchPage() {
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  const list = useProductListParams(SEARCH_SORTS);
  const query = list.search;
  const searching = query.length >= MIN_SEARCH_LENGTH;
  // On a phone the filters open as a drawer, so the results come first (as on a category page).
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const panelShown = !isMobile || drawerOpen;

  const filter = {
    query,
    ...(list.availability.length > 0 ? { availability: list.availability } : {}),
    ...toFacetFilter(list),
  };
  const productsQuery = useCategoryProductsQuery({
    variables: { filter, sort: list.sort, limit: PRODUCT_LIST_PAGE_SIZE },
    skip: !searching,
  });
  const results = productsQuery.data ?? productsQuery.previousData;
  const facetsQuery = useProductFacetsQuery({ variables: { filter }, skip: !searching || !panelShown });
  const facetCounts = (facetsQuery.data ?? facetsQuery.previousData)?.productFacets;
  const narrowed = list.availability.length > 0 || facetCount(list) > 0;
  const empty = searching && results?.productsCount === 0;

  const panel = (
    <FilterPanel
      headingId={filtersHeadingId}
      search={query}
      onSearchChange={list.setSearch}
      availability={list.availability}
      onAvailabilityChange={list.setAvailability}
      facets={{ choices: list, counts: searching ? facetCounts : undefined, onChange: list.setFacets }}
      // The search stays: only what narrows it goes.
      onClear={narrowed ? list.clearNarrowing : undefined}
    />
  );

  return (
    <div className="page catalog-page">
      <PageMeta title={searchTitle(query)} noIndex />
      <header className="catalog-page__header">
        <h1 className="catalog-page__title">{searchTitle(query)}</h1>
        {searching && results ? (
          <p className="catalog-page__count" role="status">
            {productCountText(results.productsCount, true)}
          </p>
        ) : null}
      </header>
      <div className={isMobile ? 'catalog-page__layout' : 'catalog-page__layout catalog-page__layout--with-filters'}>
        {isMobile ? null : (
          <aside className="catalog-page__filters" aria-labelledby={filtersHeadingId}>
            {panel}
          </aside>
        )}
        <section className="catalog-page__results" aria-labelledby={resultsHeadingId} aria-busy={productsQuery.loading}>
          <div className="catalog-page__toolbar">
            <h2 id={resultsHeadingId} className="visually-hidden">
              Products
            </h2>
            {isMobile ? (
              <FilterToggle
                open={drawerOpen}
                activeCount={list.availability.length + facetCount(list)}
                asDialog
                onToggle={() => setDrawerOpen((open) => !open)}
              />
            ) : null}
            <SortSelect label="Sort by" options={SEARCH_SORTS} value={list.sort} onChange={list.setSort} />
          </div>
          {!searching ? (
            <p className="catalog-page__empty">Type at least {MIN_SEARCH_LENGTH} letters to search the shop.</p>
          ) : empty ? (
            <NoResults query={query} />
          ) : (
            <ProductResults
              products={results?.products}
              failed={Boolean(productsQuery.error)}
              emptyText=""
              priorityCount={PRIORITY_CARDS}
            />
          )}
        </section>
      </div>
      {isMobile ? (
        <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} labelledBy={filtersHeadingId}>
          {panel}
        </FilterDrawer>
      ) : null}
    </div>
  );
}

/** Nothing found: what to try instead, and the categories to browse. */
function NoResults({ query }: { query: string }) {
  const { data } = useCategoryCarouselQuery();
  return (
    <div className="catalog-page__empty">
      <p>No products match “{query}”. Check the spelling, try fewer words, or browse a category:</p>
      {data?.categories.length ? (
        <ul className="search-page__categories">
          {data.categories.map((category) => (
            <li key={category.id}>
              <Link to={`/category/${category.slug}`}>{category.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
