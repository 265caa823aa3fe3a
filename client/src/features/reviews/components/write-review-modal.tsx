import { useRef, useState, type FormEvent } from 'react';
import { ProductReviewsDocument, ReviewsDocument, useCreateReviewMutation } from '../api/reviews.generated';
import { serverMessageOr } from '../../../shared/error-message';
import { Modal } from '../../../shared/ui/modal';
import { useToast } from '../../../shared/ui/use-toast';
import { PRODUCT_REVIEWS_PAGE_SIZE, REVIEWS_SHOWN } from '../reviews-constants';
import { firstReviewProblem, reviewLimits, trimReview, type ReviewField } from '../validate-review';

// SPEC §8.
export const REVIEW_THANKS = 'Thank you for your review!';
export const REVIEW_FAILED = 'Failed to submit review. Please try again.';
const ERROR_TOAST_MS = 5000;

const RATINGS = [1, 2, 3, 4, 5] as const;

interface WriteReviewModalProps {
  open: boolean;
  onClose: () => void;
  /** The product reviewed; without it the review is about the shop (the home page's). */
  productId?: number;
  /** After a review went through, before the dialog closes. */
  onSubmitted?: () => void;
}

export function WriteReviewModal({ open, onClose, productId, onSubmitted }: WriteReviewModalProps) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="write-review-heading" className="review-modal">
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <ReviewForm
        productId={productId}
        onSubmitted={() => {
          onSubmitted?.();
          onClose();
        }}
        onCancel={onClose}
      />
    </Modal>
  );
}

interface ReviewFormProps {
  productId?: number;
  onSubmitted: () => void;
  onCancel: () => void;
}

/** The list a new review shows in, read again from the server (`no-cache` makes the browser revalidate the GET). */
function refreshedList(productId: number | undefined) {
  const context = { fetchOptions: { cache: 'no-cache' } };
  return productId === undefined
    ? { query: ReviewsDocument, variables: { limit: REVIEWS_SHOWN }, context }
    : {
        query: ProductReviewsDocument,
        variables: { productId, limit: PRODUCT_REVIEWS_PAGE_SIZE, offset: 0 },
        context,
      };
}

function ReviewForm({ productId, onSubmitted, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState(0);
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [fullReview, setFullReview] = useState('');
  const [problem, setProblem] = useState<{ field: ReviewField; message: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // State updates land on the next render; the ref stops a double click or Enter in the same tick.
  const submittingRef = useRef(false);
  const fieldRefs = useRef<Partial<Record<ReviewField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const [createReview] = useCreateReviewMutation();
  const { showToast } = useToast();

  function fail(message: string) {
    showToast(message, { variant: 'error', durationMs: ERROR_TOAST_MS });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;

    const input = trimReview({ name, rating, title, fullReview });
    const found = firstReviewProblem(input);
    setProblem(found);
    if (found) {
      fieldRefs.current[found.field]?.focus();
      return;
    }

    submittingRef.current = true;
    setSubmitting(true);
    try {
      const { data } = await createReview({
        // Whether the reviewer is a verified buyer is the server's to decide: the input has no such field.
        variables: { input: productId === undefined ? input : { ...input, productId } },
        // Only a created review changes the list.
        refetchQueries: (result) => (result.data?.createReview.review ? [refreshedList(productId)] : []),
      });
      const payload = data?.createReview;
      const serverProblem = payload?.errors[0];
      if (!payload?.review || serverProblem) {
        if (serverProblem && isReviewField(serverProblem.field)) {
          setProblem({ field: serverProblem.field, message: serverProblem.message });
        }
        fail(serverProblem?.message ?? REVIEW_FAILED);
        return;
      }
      showToast(REVIEW_THANKS, { variant: 'success' });
      onSubmitted();
    } catch (error) {
      fail(serverMessageOr(error, REVIEW_FAILED));
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  const invalid = (field: ReviewField) => (problem?.field === field ? true : undefined);
  const describedBy = (field: ReviewField) => (problem?.field === field ? 'review-form-error' : undefined);

  return (
    <form className="review-form" onSubmit={onSubmit} noValidate>
      <div className="review-form__header">
        <h2 id="write-review-heading">Write a review</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onCancel}>
          ×
        </button>
      </div>

      <fieldset
        className="review-form__rating"
        aria-invalid={invalid('rating')}
        aria-describedby={describedBy('rating')}
      >
        <legend>Rating</legend>
        <div className="rating-input">
          {RATINGS.map((value) => (
            <label key={value} className={value <= rating ? 'rating-input__star is-on' : 'rating-input__star'}>
              <input
                ref={value === 1 ? (element) => void (fieldRefs.current.rating = element) : undefined}
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="visually-hidden"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{value === 1 ? '1 star' : `${value} stars`}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <label className="field">
        <span>Nickname</span>
        <input
          ref={(element) => void (fieldRefs.current.name = element)}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={reviewLimits.name}
          autoComplete="nickname"
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
        />
      </label>

      <label className="field">
        <span>Review title</span>
        <input
          ref={(element) => void (fieldRefs.current.title = element)}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={reviewLimits.title}
          aria-invalid={invalid('title')}
          aria-describedby={describedBy('title')}
        />
      </label>

      <label className="field">
        <span>Your review</span>
        <textarea
          ref={(element) => void (fieldRefs.current.fullReview = element)}
          name="fullReview"
          rows={5}
          value={fullReview}
          onChange={(event) => setFullReview(event.target.value)}
          maxLength={reviewLimits.fullReview}
          aria-invalid={invalid('fullReview')}
          aria-describedby={describedBy('fullReview')}
        />
      </label>

      {problem ? (
        <p id="review-form-error" role="alert" className="form-error">
          {problem.message}
        </p>
      ) : null}

      <div className="review-form__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" aria-disabled={submitting || undefined}>
          {submitting ? 'Submitting...' : 'Submit review'}
        </button>
      </div>
    </form>
  );
}

function isReviewField(field: string): field is ReviewField {
  return field === 'name' || field === 'rating' || field === 'title' || field === 'fullReview';
}
