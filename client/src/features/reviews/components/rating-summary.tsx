import type { ProductReviewsQuery } from '../api/reviews.generated';
import { StarRating } from './star-rating';

type Summary = NonNullable<ProductReviewsQuery['product']>['reviewSummary'];

interface RatingSummaryProps {
  summary: Summary;
}

const reviewsText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/**
 * A product's average with a bar per rating, 5 down to 1. The bars are drawn for the eye only; each row says in
 * words how many reviews gave that rating, so a screen reader hears the same breakdown.
 */
export function RatingSummary({ summary }: RatingSummaryProps) {
  if (summary.count === 0 || summary.averageRating === null) return null;
  return (
    <div className="rating-summary">
      <p className="rating-summary__average">
        <StarRating rating={summary.averageRating} />{' '}
        <span>
          {summary.averageRating.toFixed(1)} out of 5 · Based on {reviewsText(summary.count)}
        </span>
      </p>
      <ul className="rating-summary__bars" aria-label="Ratings breakdown">
        {summary.histogram.map(({ rating, count }) => (
          <li key={rating} className="rating-summary__bar">
            <span className="rating-summary__label">{rating === 1 ? '1 star' : `${rating} stars`}</span>
            <span className="rating-summary__track" aria-hidden="true">
              <span
                className="rating-summary__fill"
                style={{ width: `${Math.round((count / summary.count) * 100)}%` }}
              />
            </span>
            <span className="rating-summary__count">
              {count}
              <span className="visually-hidden"> {count === 1 ? 'review' : 'reviews'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
