const STARS = [1, 2, 3, 4, 5] as const;

interface StarRatingProps {
  /** 1-5, possibly fractional for an average. */
  rating: number;
  className?: string;
}

/** Five stars, filled to the nearest whole rating; read out as 'Rated 4 out of 5'. */
export function StarRating({ rating, className }: StarRatingProps) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={`Rated ${rating} out of 5`} className={`star-rating ${className ?? ''}`.trim()}>
      {STARS.map((star) => (
        <span key={star} aria-hidden="true" className={star <= filled ? 'star star--filled' : 'star'}>
          ★
        </span>
      ))}
    </span>
  );
}
