import type { ApolloClient, DocumentNode } from '@apollo/client';
import { CategoryCarouselDocument } from '../features/catalog/api/category-carousel.generated';
import { CategoryPageDocument } from '../features/catalog/api/category-page.generated';
import { CategoryProductsDocument } from '../features/catalog/api/category-products.generated';
import { NewArrivalsPageDocument } from '../features/catalog/api/new-arrivals-page.generated';
import { NewArrivalsSectionDocument } from '../features/catalog/api/new-arrivals-section.generated';
import { ProductPageDocument } from '../features/catalog/api/product-page.generated';
import { ProductReviewsDocument, ReviewsDocument } from '../features/reviews/api/reviews.generated';
import { ViewerDocument } from '../shared/session/session.generated';

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
  // Who is signed in, embedded for a request with no session (nobody): the header and Add to Cart start without
  // asking, and without drawing the page again when the answer comes.
  Viewer: ViewerDocument,
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

/** The embedded entries this build knows, with their documents; nothing for a missing element or bad JSON. */
function embeddedEntries(
  root: Pick<Document, 'getElementById'>,
  documents: Readonly<Record<string, DocumentNode>>,
): { entry: InitialDataEntry; query: DocumentNode }[] {
  const element = root.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return [];

  let entries: unknown;
  try {
    entries = JSON.parse(element.textContent);
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    if (!isEntry(entry) || !Object.hasOwn(documents, entry.operationName)) return [];
    const query = documents[entry.operationName];
    return query ? [{ entry, query }] : [];
  });
}

/** Writes one entry; an entry the cache refuses is skipped, and the page then simply fetches what it needs. */
function writeEntry(
  client: Pick<ApolloClient, 'writeQuery'>,
  { entry, query }: { entry: InitialDataEntry; query: DocumentNode },
): boolean {
  try {
    client.writeQuery({ query, variables: entry.variables ?? {}, data: entry.data });
    return true;
  } catch (error) {
    console.warn(`Skipped embedded data for ${entry.operationName}`, error);
    return false;
  }
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
  return embeddedEntries(root, documents).filter((found) => writeEntry(client, found)).length;
}

/** Lets the browser run what waits (input, paint) before the next piece of start-up work. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * `restoreInitialData` as the page starts: one entry per task, yielding to the browser between them. Normalising a
 * page's data into the cache was one task of ~130 ms on a throttled phone, which Lighthouse counts as blocking;
 * each entry alone stays short.
 */
export async function restoreInitialDataInSteps(
  client: Pick<ApolloClient, 'writeQuery'>,
  root: Pick<Document, 'getElementById'> = document,
  documents: Readonly<Record<string, DocumentNode>> = initialDataDocuments,
  pause: () => Promise<void> = yieldToBrowser,
): Promise<number> {
  let written = 0;
  for (const found of embeddedEntries(root, documents)) {
    await pause();
    if (writeEntry(client, found)) written += 1;
  }
  return written;
}
