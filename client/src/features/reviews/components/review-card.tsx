import { formatDate } from '../../../shared/format-date';
import type { ReviewCard_ReviewFragment } from '../api/reviews.generated';
import { StarRating } from './star-rating';

interface ReviewCardProps {
  review: ReviewCard_ReviewFragment;
}

// Every value is rendered as React text, never as HTML: reviews come from anonymous visitors.
export function ReviewCard({ review }: ReviewCardProps) {
  const titleId = `review-${review.id}-title`;
  const initial = review.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <article className="review-card" aria-labelledby={titleId}>
      <div className="review-card__author">
        {review.image ? (
          <img className="review-card__avatar" src={review.image} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className="review-card__avatar review-card__avatar--placeholder" aria-hidden="true">
            {initial}
          </span>
        )}
        <div>
          <p className="review-card__name">{review.name}</p>
          <time className="review-card__date" dateTime={review.createdAt}>
            {formatDate(review.createdAt)}
          </time>
        </div>
      </div>
      <StarRating rating={review.rating} />
      {/* Decided by the server: signed in, with a paid order of what was reviewed. */}
      {review.verified ? <p className="review-card__verified">Verified buyer</p> : null}
      <h3 id={titleId} className="review-card__title">
        {review.title}
      </h3>
      <p className="review-card__body">{review.fullReview}</p>
    </article>
  );
}
