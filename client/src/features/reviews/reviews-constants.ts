/** How many of the newest reviews the home page lists. */
export const REVIEWS_SHOWN = 6;

/**
 * How many of a product's reviews its page lists at first and adds with each "Show more". The server's
 * productReviewsPageSize (http/catalog-pages.ts) is the same: it embeds that first page and puts as many in
 * the JSON-LD.
 */
export const PRODUCT_REVIEWS_PAGE_SIZE = 5;
