import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';
import { countText } from '../../../shared/count-text';
import { formatMoney } from '../../../shared/format-money';
import { useToast } from '../../../shared/ui/use-toast';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useAdminCategoriesQuery } from '../api/categories.generated';
import { useAdminProductsQuery, useDeleteProductMutation, type AdminProductFragment } from '../api/products.generated';
import { AdminList, Pager, SearchToolbar } from '../components/admin-list';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ProductEditDialog } from '../components/product-edit-dialog';
import { QuantityEditor, VariantQuantityEditor } from '../components/quantity-editor';
import { StatusBadge } from '../components/status-badge';
import { useInventoryParams } from '../inventory-params';

/** A size as the inventory names it: its label, or its place for a size that states nothing. */
function sizeName(label: string, index: number): string {
  return label || `Size ${index + 1}`;
}

export function InventoryPage() {
  const { draft, setDraft, lowStock, setLowStock, offset, setOffset, variables } = useInventoryParams();
  const { data, previousData, error, refetch } = useAdminProductsQuery({ variables, fetchPolicy: 'cache-and-network' });
  const list = (data ?? previousData)?.adminProducts;
  const products = list?.products;
  const [editing, setEditing] = useState<AdminProductFragment | null>(null);
  // Only the edit dialog offers categories: no request until a product is opened.
  const { data: categoriesData } = useAdminCategoriesQuery({ skip: editing === null });
  const [deleting, setDeleting] = useState<AdminProductFragment | null>(null);
  const [deleteProduct, { loading: deletingNow }] = useDeleteProductMutation();
  const { showToast } = useToast();

  async function confirmDelete() {
    if (!deleting) return;
    const product = deleting;
    try {
      const { data: result } = await deleteProduct({
        variables: { id: product.id },
        update(cache, { data: answer }) {
          if (answer?.deleteProduct.deletedId == null) return;
          cache.evict({ id: cache.identify({ __typename: 'Product', id: product.id }) });
          cache.gc();
        },
        // The page moves up by one and the count down: the server says which product now ends the page.
        refetchQueries: ['AdminProducts'],
      });
      const payload = result?.deleteProduct;
      if (!payload || payload.errors.length > 0) {
        showToast(payload?.errors[0]?.message ?? 'Failed to delete product', { variant: 'error' });
      } else {
        showToast(payload.archived ? 'Product archived: it stays in order history.' : 'Product deleted successfully', {
          variant: 'success',
        });
      }
    } catch {
      showToast('Failed to delete product', { variant: 'error' });
    } finally {
      setDeleting(null);
    }
  }

  const actions = (product: AdminProductFragment) => (
    <div className="admin-actions">
      <button
        type="button"
        className="button button--outline"
        aria-label={`Edit ${product.name}`}
        onClick={() => setEditing(product)}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button--outline"
        aria-label={`Delete ${product.name}`}
        onClick={() => setDeleting(product)}
      >
        Delete
      </button>
    </div>
  );

  const price = (product: Pick<AdminProductFragment, 'onSale' | 'salePriceCents' | 'priceCents'>) =>
    product.onSale && product.salePriceCents != null ? (
      <>
        {formatMoney(product.salePriceCents)} <s className="muted">{formatMoney(product.priceCents)}</s>
      </>
    ) : (
      formatMoney(product.priceCents)
    );

  const status = (product: { inStock: boolean }) => (
    <StatusBadge status={product.inStock ? 'completed' : 'failed'}>
      {product.inStock ? 'In Stock' : 'Out of Stock'}
    </StatusBadge>
  );

  /** A product of several sizes gets a row (or card line) per size, each with its own stock edit. */
  const sizesOf = (product: AdminProductFragment) =>
    product.variants.length > 1
      ? product.variants.map((size, index) => ({ size, name: `${product.name} — ${sizeName(size.label, index)}` }))
      : [];

  return (
    <section className="admin-page">
      <PageMeta title="Inventory" noIndex />
      <h1>Inventory</h1>
      <SearchToolbar
        label="Search products"
        placeholder="Search by name, category or description"
        search={draft}
        onSearch={setDraft}
      >
        <label className="admin-form__check">
          <input type="checkbox" checked={lowStock} onChange={(event) => setLowStock(event.target.checked)} />
          Low stock only
        </label>
        {list ? <span className="muted">{countText(list.totalCount, 'product')}</span> : null}
        <Link className="button button--outline" to="/oxalis/import">
          Import / Export CSV
        </Link>
      </SearchToolbar>
      <AdminList
        label="Products"
        items={products}
        error={error}
        failure={
          <>
            Failed to fetch products{' '}
            <button type="button" className="button button--outline" onClick={() => void refetch()}>
              Retry
            </button>
          </>
        }
        empty="No products found."
        card={(product) => (
          <li key={product.id} aria-label={product.name}>
            <h2>{product.name}</h2>
            <p className="muted">{product.category}</p>
            {sizesOf(product).length > 0 ? (
              <ul className="admin-size-stock" aria-label={`Sizes of ${product.name}`}>
                {sizesOf(product).map(({ size, name }, index) => (
                  <li key={size.id} aria-label={name}>
                    <p>
                      <strong>{sizeName(size.label, index)}</strong> {price(size)} {status(size)}
                    </p>
                    <VariantQuantityEditor product={product} size={size} name={name} />
                  </li>
                ))}
              </ul>
            ) : (
              <>
                <p>{price(product)}</p>
                <p>{status(product)}</p>
                <QuantityEditor product={product} />
              </>
            )}
            {actions(product)}
          </li>
        )}
        table={{
          columns: ['Product', 'Category', 'Quantity', 'Price', 'Status', 'Actions'],
          row: (product) => (
            <Fragment key={product.id}>
              <tr aria-label={product.name}>
                <td>
                  {product.images[0] ? <img src={product.images[0].url} alt="" /> : null} {product.name}
                </td>
                <td>{product.category}</td>
                <td>
                  {sizesOf(product).length > 0 ? (
                    <span className="muted">{product.variants.length} sizes</span>
                  ) : (
                    <QuantityEditor product={product} />
                  )}
                </td>
                <td>{price(product)}</td>
                <td>{status(product)}</td>
                <td>{actions(product)}</td>
              </tr>
              {sizesOf(product).map(({ size, name }, index) => (
                <tr key={size.id} aria-label={name} className="admin-table__size">
                  <td>{sizeName(size.label, index)}</td>
                  <td className="muted">{size.sku}</td>
                  <td>
                    <VariantQuantityEditor product={product} size={size} name={name} />
                  </td>
                  <td>{price(size)}</td>
                  <td>{status(size)}</td>
                  <td />
                </tr>
              ))}
            </Fragment>
          ),
        }}
      />
      {list ? (
        <Pager
          noun="products"
          offset={offset}
          shown={list.products.length}
          total={list.totalCount}
          onOffset={setOffset}
        />
      ) : null}
      <ProductEditDialog
        product={editing}
        categories={categoriesData?.categories ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          showToast('Product updated successfully', { variant: 'success' });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Product"
        confirmLabel="Delete"
        busy={deletingNow}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Are you sure you want to delete this product?</p>
      </ConfirmDialog>
    </section>
  );
}
