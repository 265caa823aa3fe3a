import { useState } from 'react';
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
import { QuantityEditor } from '../components/quantity-editor';
import { StatusBadge } from '../components/status-badge';
import { useInventoryParams } from '../inventory-params';

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

  const price = (product: AdminProductFragment) =>
    product.onSale && product.salePriceCents != null ? (
      <>
        {formatMoney(product.salePriceCents)} <s className="muted">{formatMoney(product.priceCents)}</s>
      </>
    ) : (
      formatMoney(product.priceCents)
    );

  const status = (product: AdminProductFragment) => (
    <StatusBadge status={product.inStock ? 'completed' : 'failed'}>
      {product.inStock ? 'In Stock' : 'Out of Stock'}
    </StatusBadge>
  );

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
            <p>{price(product)}</p>
            <p>{status(product)}</p>
            <QuantityEditor product={product} />
            {actions(product)}
          </li>
        )}
        table={{
          columns: ['Product', 'Category', 'Quantity', 'Price', 'Status', 'Actions'],
          row: (product) => (
            <tr key={product.id} aria-label={product.name}>
              <td>
                {product.images[0] ? <img src={product.images[0].url} alt="" /> : null} {product.name}
              </td>
              <td>{product.category}</td>
              <td>
                <QuantityEditor product={product} />
              </td>
              <td>{price(product)}</td>
              <td>{status(product)}</td>
              <td>{actions(product)}</td>
            </tr>
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
