import { useState } from 'react';
import { useProductReviewsQuery } from '../api/reviews.generated';
import { PRODUCT_REVIEWS_PAGE_SIZE } from '../reviews-constants';
import { RatingSummary } from './rating-summary';
import { ReviewCard } from './review-card';
import { WriteReviewModal } from './write-review-modal';
import './reviews.css';

interface ProductReviewsSectionProps {
  productId: number;
  productName: string;
}

/**
 * A product page's reviews: the product's own rating summary and reviews (never the shop's), a page at a time,
 * and 'Write a review' about this product. The app puts it into the catalogue's product page.
 */
export function ProductReviewsSection({ productId, productName }: ProductReviewsSectionProps) {
  const { data, loading, error } = useProductReviewsQuery({
    variables: { productId, limit: PRODUCT_REVIEWS_PAGE_SIZE, offset: 0 },
  });
  // How many further pages "Show more" has opened; each is its own cached query.
  const [morePages, setMorePages] = useState(0);
  const [writing, setWriting] = useState(false);
  const summary = data?.product?.reviewSummary;
  const count = summary?.count ?? 0;
  const shown = Math.min(count, (morePages + 1) * PRODUCT_REVIEWS_PAGE_SIZE);
  const headingId = `product-${productId}-reviews`;

  let body;
  if (loading && !data) {
    body = <p role="status">Loading reviews…</p>;
  } else if (error && !data) {
    body = (
      <p role="alert" className="form-error">
        Failed to load reviews
      </p>
    );
  } else if (!data || data.productReviews.length === 0) {
    body = <p>No reviews of this product yet. Be the first to share your thoughts.</p>;
  } else {
    body = (
      <>
        <ul className="reviews__list reviews__list--single">
          {data.productReviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
          {Array.from({ length: morePages }, (_, index) => (
            <MoreReviews key={index} productId={productId} offset={(index + 1) * PRODUCT_REVIEWS_PAGE_SIZE} />
          ))}
        </ul>
        {shown < count ? (
          <button type="button" className="button button--outline" onClick={() => setMorePages(morePages + 1)}>
            Show more reviews
          </button>
        ) : null}
      </>
    );
  }

  return (
    <section className="reviews product-reviews" aria-labelledby={headingId}>
      <div className="reviews__header">
        <div>
          <h2 id={headingId}>Customer Reviews</h2>
          {summary ? <RatingSummary summary={summary} /> : null}
        </div>
        <button type="button" className="button" onClick={() => setWriting(true)}>
          Write a review<span className="visually-hidden"> of {productName}</span>
        </button>
      </div>
      {body}
      <WriteReviewModal
        open={writing}
        onClose={() => setWriting(false)}
        productId={productId}
        onSubmitted={() => setMorePages(0)}
      />
    </section>
  );
}

/** A further page of the product's reviews, as list items of the section's list. */
function MoreReviews({ productId, offset }: { productId: number; offset: number }) {
  const { data, error } = useProductReviewsQuery({
    variables: { productId, limit: PRODUCT_REVIEWS_PAGE_SIZE, offset },
  });
  if (error && !data) {
    return (
      <li role="alert" className="form-error">
        Failed to load more reviews
      </li>
    );
  }
  if (!data) {
    return <li role="status">Loading reviews…</li>;
  }
  return (
    <>
      {data.productReviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </>
  );
}
