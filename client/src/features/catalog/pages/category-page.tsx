import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useCategoryPageQuery } from '../api/category-page.generated';
import { useCategoryProductsQuery } from '../api/category-products.generated';
import { useProductFacetsQuery } from '../api/product-facets.generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { breadcrumbName } from '../breadcrumb-name';
import { categoryHead, categoryTitleFromSlug } from '../category-title';
import { Breadcrumbs } from '../components/breadcrumbs';
import { FilterDrawer, FilterToggle } from '../components/filter-drawer';
import { ListFilterPanel } from '../components/filter-panel';
import { ProductResults } from '../components/product-results';
import { SortSelect } from '../components/sort-select';
import { CATEGORY_SORTS, PRODUCT_LIST_PAGE_SIZE, toProductFilter, useProductListParams } from '../product-list-params';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import './catalog-page.css';
import { productCountText } from './product-count-text';

// Cards in the first row or two load their image eagerly.
const PRIORITY_CARDS = 4;

export function CategoryPage() {
  const { category = '' } = useParams<{ category: string }>();
  // A new category starts afresh: no previous category's products shown while the new ones load.
  return <CategoryView key={category} slug={category} />;
}

function CategoryView({ slug }: { slug: string }) {
  const filtersHeadingId = useId();
  const resultsHeadingId = useId();
  const list = useProductListParams(CATEGORY_SORTS);
  // On a phone the filters open as a drawer, so the products come first (and do not move down under a panel
  // the server's first paint did not draw).
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const panelShown = !isMobile || drawerOpen;

  const categoryQuery = useCategoryPageQuery({ variables: { slug } });
  const match = categoryQuery.data?.category;
  // Until the server answers, nothing rather than the local rule: aliases (kids → FOR CHILDREN) would flicker.
  const title = match?.title ?? (categoryQuery.loading ? '' : categoryTitleFromSlug(slug));
  const description = match?.category?.description;

  const filter = toProductFilter(list, slug);
  const productsQuery = useCategoryProductsQuery({
    variables: { filter, sort: list.sort, limit: PRODUCT_LIST_PAGE_SIZE },
  });
  // While a new filter loads, the previous results stay (marked busy) instead of blanking the grid.
  const results = productsQuery.data ?? productsQuery.previousData;
  // The facet counts come apart, so the grid never waits for them, and only while the panel shows (decision 0084).
  const facetsQuery = useProductFacetsQuery({ variables: { filter }, skip: !panelShown });
  const facetCounts = (facetsQuery.data ?? facetsQuery.previousData)?.productFacets;

  const panel = <ListFilterPanel headingId={filtersHeadingId} list={list} counts={facetCounts} />;

  return (
    <div className="page catalog-page">
      <PageMeta {...categoryHead(title || categoryTitleFromSlug(slug), description)} />
      <Breadcrumbs
        trail={[
          {
            name: breadcrumbName(title || categoryTitleFromSlug(slug)),
            path: match?.category?.path ?? `/category/${slug}`,
          },
        ]}
      />
      <header className="catalog-page__header">
        <h1 className="catalog-page__title">{title}</h1>
        {description ? <p className="catalog-page__intro">{description}</p> : null}
        {results ? (
          <p className="catalog-page__count" role="status">
            {productCountText(results.productsCount, Boolean(list.search))}
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
                activeCount={list.activeFilterCount}
                asDialog
                onToggle={() => setDrawerOpen((open) => !open)}
              />
            ) : null}
            <SortSelect label="Sort by" options={CATEGORY_SORTS} value={list.sort} onChange={list.setSort} />
          </div>
          <ProductResults
            products={results?.products}
            failed={Boolean(productsQuery.error)}
            emptyText="No products found in this category."
            priorityCount={PRIORITY_CARDS}
          />
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
