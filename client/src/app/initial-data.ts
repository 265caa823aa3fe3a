import type { ApolloClient, DocumentNode } from '@apollo/client';
import { CategoryCarouselDocument } from '../features/catalog/api/category-carousel.generated';
import { CategoryPageDocument } from '../features/catalog/api/category-page.generated';
import { CategoryProductsDocument } from '../features/catalog/api/category-products.generated';
import { NewArrivalsPageDocument } from '../features/catalog/api/new-arrivals-page.generated';
import { NewArrivalsSectionDocument } from '../features/catalog/api/new-arrivals-section.generated';
import { ProductPageDocument } from '../features/catalog/api/product-page.generated';
import { ProductReviewsDocument, ReviewsDocument } from '../features/reviews/api/reviews.generated';

/** The id of the <script type="application/json"> in which the server embeds a page's first-screen data. */
export const INITIAL_DATA_ELEMENT_ID = '__APOLLO_DATA__';

/**
 * The operations of the public routes' first screens, by operation name: those of first-screen-operations.json,
 * whose documents the build hands the server (server-manifest.json). The server embeds
 * `{ operationName, variables, data }`; the client holds the pre-parsed documents already, so it ships no
 * GraphQL parser to read them. A name not listed here is ignored.
 */
export const initialDataDocuments: Readonly<Record<string, DocumentNode>> = {
  NewArrivalsSection: NewArrivalsSectionDocument,
  CategoryCarousel: CategoryCarouselDocument,
  Reviews: ReviewsDocument,
  ProductPage: ProductPageDocument,
  ProductReviews: ProductReviewsDocument,
  CategoryPage: CategoryPageDocument,
  CategoryProducts: CategoryProductsDocument,
  NewArrivalsPage: NewArrivalsPageDocument,
};

interface InitialDataEntry {
  operationName: string;
  variables?: Record<string, unknown>;
  data: Record<string, unknown>;
}

function isEntry(value: unknown): value is InitialDataEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const isObject = (field: unknown) => typeof field === 'object' && field !== null && !Array.isArray(field);
  return (
    typeof entry.operationName === 'string' &&
    isObject(entry.data) &&
    (entry.variables === undefined || entry.variables === null || isObject(entry.variables))
  );
}

/**
 * Writes the server-embedded first-screen data into the cache, so the first render shows it without a
 * request. Returns how many entries were written. Bad JSON, unknown operations and entries the cache
 * refuses are skipped: the page then simply fetches what it needs.
 */
export function restoreInitialData(
  client: Pick<ApolloClient, 'writeQuery'>,
  root: Pick<Document, 'getElementById'> = document,
  documents: Readonly<Record<string, DocumentNode>> = initialDataDocuments,
): number {
  const element = root.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return 0;

  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;

  let written = 0;
  for (const entry of entries) {
    if (!isEntry(entry) || !Object.hasOwn(documents, entry.operationName)) continue;
    const query = documents[entry.operationName];
    if (!query) continue;
    try {
      client.writeQuery({ query, variables: entry.variables ?? {}, data: entry.data });
      written += 1;
    } catch (error) {
      console.warn(`Skipped embedded data for ${entry.operationName}`, error);
    }
  }
  return written;
}
