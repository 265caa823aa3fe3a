import { useId, useState } from 'react';
import { useNewArrivalsPageQuery } from '../api/new-arrivals-page.generated';
import { useProductFacetsQuery } from '../api/product-facets.generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { ListFilterPanel } from '../components/filter-panel';
import { FilterDrawer, FilterToggle } from '../components/filter-drawer';
import { ProductResults } from '../components/product-results';
import { SortSelect } from '../components/sort-select';
import {
  NEW_ARRIVALS_SORTS,
  PRODUCT_LIST_PAGE_SIZE,
  toProductFilter,
  useProductListParams,
} from '../product-list-params';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import './catalog-page.css';

const PRIORITY_CARDS = 4;

export function NewArrivalsPage() {
  const filtersHeadingId = useId();
  const panelId = useId();
  const resultsHeadingId = useId();
  const list = useProductListParams(NEW_ARRIVALS_SORTS);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  // A shared link with filters opens with the panel showing them (on wide screens; a drawer would cover the page).
  const [filtersOpen, setFiltersOpen] = useState(() => list.activeFilterCount > 0 && !isMobile);

  const filter = toProductFilter(list);
  const { data, previousData, loading, error } = useNewArrivalsPageQuery({
    variables: { filter, sort: list.sort, limit: PRODUCT_LIST_PAGE_SIZE },
  });
  const results = data ?? previousData;
  // Counted only once the panel shows: a closed panel costs nothing (decision 0084).
  const facetsQuery = useProductFacetsQuery({ variables: { filter }, skip: !filtersOpen });
  const facetCounts = (facetsQuery.data ?? facetsQuery.previousData)?.productFacets;

  const panel = <ListFilterPanel headingId={filtersHeadingId} list={list} counts={facetCounts} />;

  return (
    <div className="page catalog-page">
      <PageMeta
        title="New Arrivals"
        description="The newest perfumes, fragrances and room sprays at Manukato, delivered across Kenya."
      />
      <header className="catalog-page__header">
        <h1 className="catalog-page__title">New Arrivals</h1>
        <p className="catalog-page__intro">
          Discover the latest fragrances to reach our shelves: fresh scents for her, for him, for children and for your
          home.
        </p>
      </header>
      <div className="catalog-page__toolbar">
        <FilterToggle
          open={filtersOpen}
          activeCount={list.activeFilterCount}
          asDialog={isMobile}
          panelId={panelId}
          onToggle={() => setFiltersOpen((open) => !open)}
        />
        <SortSelect label="Sort By" options={NEW_ARRIVALS_SORTS} value={list.sort} onChange={list.setSort} />
      </div>
      <div
        className={
          filtersOpen && !isMobile ? 'catalog-page__layout catalog-page__layout--with-filters' : 'catalog-page__layout'
        }
      >
        {filtersOpen && !isMobile ? (
          <aside id={panelId} className="catalog-page__filters" aria-labelledby={filtersHeadingId}>
            {panel}
          </aside>
        ) : null}
        <section className="catalog-page__results" aria-labelledby={resultsHeadingId} aria-busy={loading}>
          <h2 id={resultsHeadingId} className="visually-hidden">
            Products
          </h2>
          <ProductResults
            products={results?.products}
            failed={Boolean(error)}
            emptyText="No products found matching your criteria."
            priorityCount={PRIORITY_CARDS}
          />
        </section>
      </div>
      {isMobile ? (
        <FilterDrawer open={filtersOpen} onClose={() => setFiltersOpen(false)} labelledBy={filtersHeadingId}>
          {panel}
        </FilterDrawer>
      ) : null}
    </div>
  );
}
