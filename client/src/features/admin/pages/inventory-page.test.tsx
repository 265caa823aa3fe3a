import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCategoriesDocument } from '../api/categories.generated';
import {
  AdminProductsDocument,
  DeleteProductDocument,
  UpdateProductQuantityDocument,
  type AdminProductFragment,
} from '../api/products.generated';
import { createAdminProduct } from '../testing/admin-factories';
import { holdOperation } from '../testing/hold-operation';
import { renderAdmin } from '../testing/render-admin';
import { InventoryPage } from './inventory-page';

function productsMock(products: AdminProductFragment[]) {
  return {
    request: { query: AdminProductsDocument, variables: { search: null } },
    result: { data: { adminProducts: products } },
  };
}

const categoriesMock = {
  request: { query: AdminCategoriesDocument },
  result: { data: { categories: [{ __typename: 'Category', id: 1, name: 'FOR MEN' }] } },
};

function quantityMock(id: number, quantity: number, outcome: 'saved' | 'refused' | 'network') {
  const request = { query: UpdateProductQuantityDocument, variables: { id, quantity } };
  if (outcome === 'network') return { request, error: new Error('socket hang up') };
  return {
    request,
    result: {
      data: {
        updateProductQuantity: {
          __typename: 'ProductPayload',
          product: outcome === 'saved' ? { __typename: 'Product', id, quantity, inStock: quantity > 0 } : null,
          errors:
            outcome === 'refused'
              ? [
                  {
                    __typename: 'FieldError',
                    field: 'quantity',
                    code: 'BAD_INPUT',
                    message: 'Valid quantity is required',
                  },
                ]
              : [],
        },
      },
    },
  };
}

const quantityOf = (name: string) => screen.getByRole('spinbutton', { name: `Quantity of ${name}` });

describe('InventoryPage', () => {
  it('shows a new quantity at once and keeps it when the server agrees', async () => {
    const product = createAdminProduct({ quantity: 12 });
    const { link, release } = holdOperation('UpdateProductQuantity', [
      productsMock([product]),
      categoriesMock,
      quantityMock(product.id, 13, 'saved'),
    ]);
    renderAdmin(<InventoryPage />, { link });
    const user = userEvent.setup();

    expect(await screen.findByRole('row', { name: product.name })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${product.name}` }));

    // The server has not answered yet: the optimistic quantity is on screen.
    expect(quantityOf(product.name)).toHaveValue(13);
    release();
    await waitFor(() => expect(quantityOf(product.name)).toHaveValue(13));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['refused', 'network'] as const)(
    'rolls the quantity back with "Failed to update quantity" when the request is %s',
    async (outcome) => {
      const product = createAdminProduct({ quantity: 12 });
      const { link, release } = holdOperation('UpdateProductQuantity', [
        productsMock([product]),
        categoriesMock,
        quantityMock(product.id, 40, outcome),
      ]);
      renderAdmin(<InventoryPage />, { link });
      const user = userEvent.setup();

      const input = await screen.findByRole('spinbutton', { name: `Quantity of ${product.name}` });
      await user.clear(input);
      await user.type(input, '40{Enter}');

      expect(quantityOf(product.name)).toHaveValue(40);
      release();
      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update quantity');
      expect(quantityOf(product.name)).toHaveValue(12);
    },
  );

  it('deletes a product only after "Are you sure you want to delete this product?"', async () => {
    const kept = createAdminProduct({ name: 'Kept Scent' });
    const gone = createAdminProduct({ name: 'Gone Scent' });
    renderAdmin(<InventoryPage />, {
      mocks: [
        productsMock([kept, gone]),
        categoriesMock,
        {
          request: { query: DeleteProductDocument, variables: { id: gone.id } },
          result: {
            data: {
              deleteProduct: { __typename: 'DeleteProductPayload', deletedId: gone.id, archived: false, errors: [] },
            },
          },
        },
      ],
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete Gone Scent' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Product' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this product?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('row', { name: 'Gone Scent' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Gone Scent' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Product' })).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(screen.queryByRole('row', { name: 'Gone Scent' })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'Kept Scent' })).toBeInTheDocument();
  });
});
