import { ProductPage } from '../../features/catalog/pages/product-page';
import { ProductReviewsSection } from '../../features/reviews/components/product-reviews-section';

const reviewsOf = (product: { id: number; name: string }) => (
  <ProductReviewsSection key={product.id} productId={product.id} productName={product.name} />
);

/** The product page with the product's reviews below it: features are composed here, in the app. */
export function ProductRoute() {
  return <ProductPage reviews={reviewsOf} />;
}
