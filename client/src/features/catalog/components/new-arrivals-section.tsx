import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useNewArrivalsSectionQuery } from '../api/new-arrivals-section.generated';
import { ProductGrid } from './product-grid';

// SPEC §2/§9: the home page shows the six newest products.
export const NEW_ARRIVALS_SECTION_COUNT = 6;

export function NewArrivalsSection() {
  const headingId = useId();
  const { data, loading, error } = useNewArrivalsSectionQuery({
    variables: { limit: NEW_ARRIVALS_SECTION_COUNT },
  });

  return (
    <section className="new-arrivals-section" aria-labelledby={headingId}>
      <h2 id={headingId}>New Arrivals</h2>
      {data ? (
        data.newArrivals.length > 0 ? (
          <ProductGrid products={data.newArrivals} />
        ) : (
          <p>No products found.</p>
        )
      ) : error && !loading ? (
        <p role="alert">Failed to fetch products</p>
      ) : (
        <p role="status">Loading products…</p>
      )}
      <p className="new-arrivals-section__more">
        <Link to="/new-arrivals" className="button">
          View All
        </Link>
      </p>
    </section>
  );
}
