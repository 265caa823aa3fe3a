import { useState } from 'react';
import { Link } from 'react-router-dom';
import { serverMessageOr } from '../../../shared/error-message';
import { formatDate } from '../../../shared/format-date';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useAdminMostWantedSizesQuery } from '../api/most-wanted.generated';
import { AdminList, Pager } from '../components/admin-list';
import { PAGE_SIZE } from '../components/use-list-search';

const inStock = (quantity: number) => (quantity > 0 ? `${quantity} in stock` : 'Sold out');
const waitingFor = (waiting: number) => (waiting === 1 ? '1 shopper' : `${waiting} shoppers`);

/**
 * /oxalis/wanted: the sizes shoppers asked to be told about ("Notify me when back"), the most waited for first, so
 * the owner knows what to restock. A size leaves the list once its shoppers have been told it is back.
 */
export function MostWantedPage() {
  const [offset, setOffset] = useState(0);
  const { data, previousData, error } = useAdminMostWantedSizesQuery({
    variables: { limit: PAGE_SIZE, offset },
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.adminMostWantedSizes;

  return (
    <section className="admin-page">
      <PageMeta title="Most wanted" noIndex />
      <h1>Most wanted</h1>
      <p>Sizes shoppers are waiting for. Each is told once, by e-mail or SMS, when you restock the size.</p>
      <AdminList
        label="Most wanted sizes"
        items={list?.sizes}
        error={error}
        failure={serverMessageOr(error, 'Failed to fetch the most wanted sizes')}
        empty="Nobody is waiting for a size right now."
        card={(size) => (
          <li key={size.variantId} aria-label={`${size.productName} ${size.sizeLabel}`}>
            <h2>
              <Link to={`/product/${size.productId}`}>{size.productName}</Link>
            </h2>
            <p>{size.sizeLabel}</p>
            <p>
              <strong>{waitingFor(size.waiting)} waiting</strong> since {formatDate(size.waitingSince)}
            </p>
            <p>{inStock(size.quantity)}</p>
          </li>
        )}
        table={{
          columns: ['Product', 'Size', 'Waiting', 'Waiting since', 'Stock'],
          row: (size) => (
            <tr key={size.variantId}>
              <td>
                <Link to={`/product/${size.productId}`}>{size.productName}</Link>
              </td>
              <td>{size.sizeLabel}</td>
              <td>{size.waiting}</td>
              <td>{formatDate(size.waitingSince)}</td>
              <td>{inStock(size.quantity)}</td>
            </tr>
          ),
        }}
      />
      {list ? (
        <Pager
          noun="sizes"
          offset={offset}
          shown={list.sizes.length}
          total={list.totalCount}
          onOffset={(next) => setOffset(Math.max(0, next))}
        />
      ) : null}
    </section>
  );
}
