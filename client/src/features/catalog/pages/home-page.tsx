import { Link } from 'react-router-dom';
import { useHomeProductsQuery } from '../../../shared/api/generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { ProductCard } from '../components/product-card';

// SPEC §2: the home page shows six new arrivals.
export const HOME_PRODUCT_COUNT = 6;

// Hero banner, category carousel, About and reviews sections arrive with the catalog issue.
export function HomePage() {
  const { data, loading, error } = useHomeProductsQuery({ variables: { limit: HOME_PRODUCT_COUNT } });

  return (
    <div className="page">
      <PageMeta
        title="Perfumes and fragrances in Kenya"
        description="Perfumes, fragrances and room sprays for women, men and children, delivered across Kenya."
      />
      <h1 className="visually-hidden">Manukato</h1>
      <section aria-labelledby="home-new-arrivals">
        <h2 id="home-new-arrivals">New Arrivals</h2>
        {loading && !data ? (
          <p role="status">Loading products…</p>
        ) : error && !data ? (
          <p role="alert">Failed to fetch products</p>
        ) : data && data.newArrivals.length > 0 ? (
          <ul className="product-grid">
            {data.newArrivals.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        ) : (
          <p>No products found.</p>
        )}
        <p>
          <Link to="/new-arrivals" className="button">
            View All
          </Link>
        </p>
      </section>
    </div>
  );
}
