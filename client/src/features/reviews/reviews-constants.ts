/** How many of the newest reviews the home page lists. */
export const REVIEWS_SHOWN = 6;
