export interface ReviewDraft {
  name: string;
  rating: number;
  title: string;
  fullReview: string;
}

export type ReviewField = keyof ReviewDraft;

export interface ReviewProblem {
  field: ReviewField;
  message: string;
}

// The server caps these too; the inputs' maxLength keeps a shopper from typing past them.
export const reviewLimits = { name: 60, title: 120, fullReview: 4000 } as const;

/** Trims the text fields, as SPEC §5 asks, before checking or sending them. */
export function trimReview(draft: ReviewDraft): ReviewDraft {
  return {
    name: draft.name.trim(),
    rating: draft.rating,
    title: draft.title.trim(),
    fullReview: draft.fullReview.trim(),
  };
}

/** The first problem in the spec's order (§5): rating, nickname, title, body; null when the draft is complete. */
export function firstReviewProblem(draft: ReviewDraft): ReviewProblem | null {
  if (!Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5) {
    return { field: 'rating', message: 'Please provide a rating.' };
  }
  if (!draft.name) return { field: 'name', message: 'Please enter your nickname.' };
  if (!draft.title) return { field: 'title', message: 'Please enter a review title.' };
  if (!draft.fullReview) return { field: 'fullReview', message: 'Please enter your review.' };
  return null;
}
