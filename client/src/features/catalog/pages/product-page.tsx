import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useProductPageQuery, type ProductPageQuery } from '../api/product-page.generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { AddToCartButton } from '../components/add-to-cart-button';
import { ProductGallery } from '../components/product-gallery';
import { ProductPrice } from '../components/product-price';
import { ShareDialog } from '../components/share-dialog';
import './product-page.css';
import { productEmailHref } from './product-email-href';

type Product = NonNullable<ProductPageQuery['product']>;

// GraphQL Int is 32-bit: a larger id would be a request error rather than "not found".
const MAX_ID = 2_147_483_647;

function parseProductId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function ProductPage() {
  const id = parseProductId(useParams<{ id: string }>().id);
  const { data, loading, error, refetch } = useProductPageQuery({ variables: { id: id ?? 0 }, skip: id === null });

  if (id === null || data?.product === null) return <ProductNotFound />;
  if (data?.product) return <ProductDetails product={data.product} />;
  if (error && !loading) {
    return (
      <div className="page">
        <PageMeta title="Product" noIndex />
        <p role="alert">Failed to fetch product</p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="page">
      <p role="status">Loading product…</p>
    </div>
  );
}

function ProductNotFound() {
  return (
    <div className="page product-not-found">
      <PageMeta title="Product not found" noIndex />
      <h1>Product not found</h1>
      <p className="muted">This product does not exist or is no longer available.</p>
      <Link to="/" className="button">
        Return Home
      </Link>
    </div>
  );
}

// Search engines show about 155 characters of a description.
function metaDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 155 ? flat : `${flat.slice(0, 154).trimEnd()}…`;
}

function ProductDetails({ product }: { product: Product }) {
  const [shareOpen, setShareOpen] = useState(false);
  const url = `${window.location.origin}/product/${product.id}`;
  const nameId = `product-${product.id}-name`;

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: product.name, text: `${product.name} at Manukato`, url });
        return;
      } catch (shareError) {
        // The visitor closed the share sheet: nothing to do. Any other failure falls back to the dialog.
        if (shareError instanceof DOMException && shareError.name === 'AbortError') return;
      }
    }
    setShareOpen(true);
  }

  return (
    <article className="page product-detail" aria-labelledby={nameId}>
      <PageMeta title={product.name} description={metaDescription(product.description)} />
      <ProductGallery images={product.images} productName={product.name} />
      <div className="product-detail__info">
        <h1 id={nameId} className="product-detail__name">
          {product.name}
        </h1>
        <ProductPrice product={product} note="Tax included" className="product-price product-price--large" />
        <p className={product.inStock ? 'stock-badge stock-badge--in' : 'stock-badge stock-badge--out'}>
          {product.inStock ? 'IN STOCK' : 'OUT OF STOCK'}
        </p>
        <div className="product-detail__description">{product.description}</div>
        <details className="product-detail__shipping">
          <summary>Shipping information</summary>
          <ul>
            <li>Free delivery within Nairobi CBD</li>
            <li>Delivery in 1-3 business days across Kenya</li>
            <li>Express shipping available</li>
            <li>100% authentic products</li>
          </ul>
        </details>
        <AddToCartButton
          productId={product.id}
          inStock={product.inStock}
          label="ADD TO CART"
          className="button product-detail__add"
        />
        <div className="product-detail__links">
          <button type="button" className="button button--outline" onClick={() => void share()}>
            Share
          </button>
          <a className="button button--outline" href={productEmailHref(product, url)}>
            Send email
          </a>
        </div>
      </div>
      {shareOpen ? <ShareDialog url={url} onClose={() => setShareOpen(false)} /> : null}
    </article>
  );
}
