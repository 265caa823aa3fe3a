import { useState } from 'react';
import { useReviewsQuery } from '../api/reviews.generated';
import { REVIEWS_SHOWN } from '../reviews-constants';
import { ReviewCard } from './review-card';
import { StarRating } from './star-rating';
import { WriteReviewModal } from './write-review-modal';
import './reviews.css';

/** The home page's customer reviews: totals, the newest reviews, and the 'Write a review' dialog. */
export function ReviewsSection() {
  const { data, loading, error } = useReviewsQuery({ variables: { limit: REVIEWS_SHOWN } });
  const [writing, setWriting] = useState(false);
  const stats = data?.reviewStats;

  let body;
  if (loading && !data) {
    body = <p role="status">Loading…</p>;
  } else if (error && !data) {
    body = (
      <p role="alert" className="form-error">
        Failed to load reviews
      </p>
    );
  } else if (!data || data.reviews.length === 0) {
    body = <p>No reviews yet. Be the first to share your thoughts.</p>;
  } else {
    body = (
      <ul className="reviews__list">
        {data.reviews.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <div className="reviews__header">
        <div>
          <h2 id="reviews-heading">Customer Reviews</h2>
          {stats && stats.averageRating !== null && stats.count > 0 ? (
            <p className="reviews__summary">
              <StarRating rating={stats.averageRating} />{' '}
              <span>
                {stats.averageRating.toFixed(1)} out of 5 · Based on {stats.count}{' '}
                {stats.count === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          ) : null}
        </div>
        <button type="button" className="button" onClick={() => setWriting(true)}>
          Write a review
        </button>
      </div>
      {body}
      <WriteReviewModal open={writing} onClose={() => setWriting(false)} />
    </section>
  );
}
