import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useProductPageQuery, type ProductPageQuery } from '../api/product-page.generated';
import { PageMeta } from '../../../shared/ui/page-meta';
import { breadcrumbName } from '../breadcrumb-name';
import { AddToCartButton } from '../components/add-to-cart-button';
import { Breadcrumbs } from '../components/breadcrumbs';
import { FragranceFacts } from '../components/fragrance-facts';
import { NotifyWhenBack } from '../components/notify-when-back';
import { ProductDelivery } from '../components/product-delivery';
import { ProductGallery } from '../components/product-gallery';
import { ProductPrice } from '../components/product-price';
import { QuantitySelector } from '../components/quantity-selector';
import { RelatedProducts } from '../components/related-products';
import { ShareDialog } from '../components/share-dialog';
import { SizeSelector } from '../components/size-selector';
import './product-page.css';
import { productEmailHref } from './product-email-href';
import { productWhatsAppHref } from './product-whatsapp-href';

type Product = NonNullable<ProductPageQuery['product']>;
type Size = Product['variants'][number];

/** The query parameter that keeps the chosen size: /product/12?size=34 (the JSON-LD's offer URLs use it too). */
const SIZE_PARAM = 'size';

/** The size the URL names, else the default (the first listed); undefined only for a product without sizes. */
function chosenSize(sizes: readonly Size[], param: string | null): Size | undefined {
  return sizes.find((size) => param !== null && String(size.id) === param) ?? sizes[0];
}

/** The most one Add to Cart sends, whatever the stock: a shop's order, not a wholesaler's. */
const MAX_QUANTITY = 99;

// GraphQL Int is 32-bit: a larger id would be a request error rather than "not found".
const MAX_ID = 2_147_483_647;

function parseProductId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}

interface ProductPageProps {
  /**
   * The product's reviews section, drawn below the product: the app composes it in (app/pages/product-route.tsx),
   * since the catalogue feature may not import the reviews feature.
   */
  reviews?: (product: { id: number; name: string }) => ReactNode;
}

export function ProductPage({ reviews }: ProductPageProps = {}) {
  const id = parseProductId(useParams<{ id: string }>().id);
  const { data, loading, error, refetch } = useProductPageQuery({ variables: { id: id ?? 0 }, skip: id === null });

  if (id === null || data?.product === null) return <ProductNotFound />;
  if (data?.product) return <ProductDetails product={data.product} page={data} reviews={reviews} />;
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

function ProductDetails({
  product,
  page,
  reviews,
}: {
  product: Product;
  page: ProductPageQuery;
  reviews: ProductPageProps['reviews'];
}) {
  const [shareOpen, setShareOpen] = useState(false);
  const [quantity, setQuantity] = useState(1);
  const [searchParams, setSearchParams] = useSearchParams();
  const size = chosenSize(product.variants, searchParams.get(SIZE_PARAM));
  // The chosen size's figures; the product's own (its default size's) for a product the server gave no sizes.
  const shown = size ?? product;
  const maxQuantity = Math.max(Math.min(shown.quantity, MAX_QUANTITY), 1);
  // The chosen size's own image, else the product's first: going back to a size without its own shows that.
  const ownImageId = size?.imageIds[0];
  const shownImageId = ownImageId === undefined ? product.images[0]?.id : String(ownImageId);
  // Stock may fall below the choice while the page is open (a refetch): never send more than there is.
  const chosenQuantity = Math.min(quantity, maxQuantity);
  const category = product.categories[0];
  const url = `${window.location.origin}/product/${product.id}`;
  const nameId = `product-${product.id}-name`;

  // Replaces the history entry: Back leaves the product rather than stepping through the sizes tried.
  function chooseSize(sizeId: number) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(SIZE_PARAM, String(sizeId));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

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
    <div className="page product-page">
      <PageMeta title={product.name} description={metaDescription(product.description)} />
      <Breadcrumbs
        trail={[
          ...(category ? [{ name: breadcrumbName(category.name), path: category.path }] : []),
          { name: product.name, path: `/product/${product.id}` },
        ]}
      />
      <article className="product-detail" aria-labelledby={nameId}>
        <ProductGallery images={product.images} productName={product.name} shownImageId={shownImageId} />
        <div className="product-detail__info">
          <h1 id={nameId} className="product-detail__name">
            {product.name}
          </h1>
          <ProductPrice product={shown} note="Tax included" className="product-price product-price--large" />
          <p className={shown.inStock ? 'stock-badge stock-badge--in' : 'stock-badge stock-badge--out'}>
            {shown.inStock ? 'IN STOCK' : 'OUT OF STOCK'}
          </p>
          {size && product.variants.length > 1 ? (
            <SizeSelector sizes={product.variants} value={size.id} onChange={chooseSize} />
          ) : null}
          <div className="product-detail__description">{product.description}</div>
          <FragranceFacts product={product} />
          <ProductDelivery terms={page} shipsFree={shown.shipsFree} />
          {shown.inStock ? <QuantitySelector value={chosenQuantity} max={maxQuantity} onChange={setQuantity} /> : null}
          <AddToCartButton
            productId={product.id}
            variantId={size?.id}
            inStock={shown.inStock}
            quantity={chosenQuantity}
            label="ADD TO CART"
            className="button product-detail__add"
          />
          {/* A sold-out size: the spec's disabled button, and a way to hear when it is back (decision 0105). */}
          {size && !size.inStock ? <NotifyWhenBack key={size.id} variantId={size.id} /> : null}
          <div className="product-detail__links">
            <button type="button" className="button button--outline" onClick={() => void share()}>
              Share
            </button>
            <a className="button button--outline" href={productEmailHref(product, url)}>
              Send email
            </a>
            <a
              className="button button--outline"
              href={productWhatsAppHref(product, product.variants.length > 1 ? (size?.label ?? null) : null, url)}
              target="_blank"
              rel="noreferrer"
            >
              Ask on WhatsApp
            </a>
          </div>
        </div>
        {shareOpen ? <ShareDialog url={url} onClose={() => setShareOpen(false)} /> : null}
      </article>
      {reviews?.({ id: product.id, name: product.name })}
      <RelatedProducts products={page.relatedProducts} />
    </div>
  );
}
