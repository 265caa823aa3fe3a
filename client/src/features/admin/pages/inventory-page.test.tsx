import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCategoriesDocument } from '../api/categories.generated';
import {
  AdminProductsDocument,
  DeleteProductDocument,
  UpdateProductQuantityDocument,
  UpdateVariantQuantityDocument,
  type AdminProductFragment,
} from '../api/products.generated';
import { createAdminProduct, createAdminSize } from '../testing/admin-factories';
import { holdOperation } from '../testing/hold-operation';
import { renderAdmin } from '../testing/render-admin';
import { InventoryPage } from './inventory-page';

interface PageRequest {
  search?: string | null;
  lowStock?: boolean;
  offset?: number;
}

/** The server's answer to one page request: these products, out of `totalCount`. */
function productsMock(
  products: AdminProductFragment[],
  { search = null, lowStock = false, offset = 0 }: PageRequest = {},
  totalCount = products.length,
) {
  return {
    request: { query: AdminProductsDocument, variables: { search, lowStock, limit: 50, offset } },
    result: { data: { adminProducts: { __typename: 'AdminProductList', products, totalCount } } },
  };
}

/** `count` products named after their place in the whole list (1-based), as a page of it. */
function pageOfProducts(first: number, count: number): AdminProductFragment[] {
  return Array.from({ length: count }, (_, index) =>
    createAdminProduct({ id: 10_000 + first + index, name: `Scent ${first + index}` }),
  );
}

const inventoryRoute = { path: '/oxalis/inventory' };
const location = () => screen.getByTestId('location').textContent;

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
          product:
            outcome === 'saved'
              ? {
                  __typename: 'Product',
                  id,
                  quantity,
                  inStock: quantity > 0,
                  variants: [{ __typename: 'ProductVariant', id: 50_000 + id, quantity, inStock: quantity > 0 }],
                }
              : null,
          errors:
            outcome === 'refused'
              ? [
                  {
                    __typename: 'FieldError',
                    field: 'quantity',
                    code: 'INVALID_QUANTITY',
                    message: 'Valid quantity is required',
                  },
                ]
              : [],
        },
      },
    },
  };
}

/** A product of three sizes, the default first. */
function oudSavanna() {
  return createAdminProduct({
    name: 'Oud Savanna',
    quantity: 7,
    variants: [
      createAdminSize({
        id: 901,
        sizeMl: 100,
        concentration: 'EAU_DE_PARFUM',
        label: '100 ml · Eau de Parfum',
        quantity: 7,
      }),
      createAdminSize({
        id: 902,
        sizeMl: 50,
        concentration: 'EAU_DE_PARFUM',
        label: '50 ml · Eau de Parfum',
        quantity: 0,
      }),
      createAdminSize({
        id: 903,
        sizeMl: 5,
        isSample: true,
        concentration: 'EAU_DE_PARFUM',
        label: '5 ml decant · Eau de Parfum',
        priceCents: 90_000,
        quantity: 40,
      }),
    ],
  });
}

function variantQuantityMock(product: AdminProductFragment, variantId: number, quantity: number, saved: boolean) {
  const isDefault = product.variants[0]!.id === variantId;
  const productQuantity = isDefault ? quantity : product.quantity;
  return {
    request: { query: UpdateVariantQuantityDocument, variables: { variantId, quantity } },
    result: {
      data: {
        updateVariantQuantity: {
          __typename: 'ProductPayload',
          product: saved
            ? {
                __typename: 'Product',
                id: product.id,
                quantity: productQuantity,
                inStock: productQuantity > 0,
                variants: product.variants.map((size) => ({
                  __typename: 'ProductVariant',
                  id: size.id,
                  quantity: size.id === variantId ? quantity : size.quantity,
                  inStock: (size.id === variantId ? quantity : size.quantity) > 0,
                })),
              }
            : null,
          errors: saved
            ? []
            : [{ __typename: 'FieldError', field: 'variantId', code: 'NOT_FOUND', message: 'Size not found' }],
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

  it("lists a row per size, each with its own stock edit shown at once; the default size's moves the product", async () => {
    const product = oudSavanna();
    const { link, release } = holdOperation('UpdateVariantQuantity', [
      productsMock([product]),
      categoriesMock,
      variantQuantityMock(product, 902, 1, true),
    ]);
    renderAdmin(<InventoryPage />, { link });
    const user = userEvent.setup();

    const sample = await screen.findByRole('row', { name: 'Oud Savanna — 5 ml decant · Eau de Parfum' });
    expect(sample).toHaveTextContent('In Stock');
    const fifty = screen.getByRole('row', { name: 'Oud Savanna — 50 ml · Eau de Parfum' });
    expect(fifty).toHaveTextContent('Out of Stock');
    expect(quantityOf('Oud Savanna — 100 ml · Eau de Parfum')).toHaveValue(7);
    // A product of several sizes has no product-wide stock edit.
    expect(screen.queryByRole('spinbutton', { name: 'Quantity of Oud Savanna' })).not.toBeInTheDocument();

    await user.click(
      within(fifty).getByRole('button', { name: 'Increase quantity of Oud Savanna — 50 ml · Eau de Parfum' }),
    );
    // Not answered yet: the optimistic quantity and status are on screen, the other sizes unchanged.
    expect(quantityOf('Oud Savanna — 50 ml · Eau de Parfum')).toHaveValue(1);
    expect(fifty).toHaveTextContent('In Stock');
    expect(quantityOf('Oud Savanna — 5 ml decant · Eau de Parfum')).toHaveValue(40);
    release();
    await waitFor(() => expect(quantityOf('Oud Savanna — 50 ml · Eau de Parfum')).toHaveValue(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('rolls a size\'s quantity back with "Failed to update quantity" when the server refuses it', async () => {
    const product = oudSavanna();
    const { link, release } = holdOperation('UpdateVariantQuantity', [
      productsMock([product]),
      categoriesMock,
      variantQuantityMock(product, 903, 12, false),
    ]);
    renderAdmin(<InventoryPage />, { link });
    const user = userEvent.setup();

    const input = await screen.findByRole('spinbutton', {
      name: 'Quantity of Oud Savanna — 5 ml decant · Eau de Parfum',
    });
    await user.clear(input);
    await user.type(input, '12{Enter}');
    expect(quantityOf('Oud Savanna — 5 ml decant · Eau de Parfum')).toHaveValue(12);
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update quantity');
    expect(quantityOf('Oud Savanna — 5 ml decant · Eau de Parfum')).toHaveValue(40);
  });

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
        // The page asked again: the count has gone down.
        productsMock([kept]),
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
    expect(await screen.findByText('1 product')).toBeInTheDocument();
  });

  it('asks the server for one page at a time and keeps the page in the URL', async () => {
    renderAdmin(<InventoryPage />, {
      ...inventoryRoute,
      route: '/oxalis/inventory',
      mocks: [
        productsMock(pageOfProducts(1, 50), {}, 53),
        productsMock(pageOfProducts(51, 3), { offset: 50 }, 53),
        productsMock(pageOfProducts(1, 50), {}, 53),
      ],
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('row', { name: 'Scent 1' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 53 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: 'Scent 51' })).toBeInTheDocument();
    expect(screen.getByText('Showing 51–53 of 53 products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await waitFor(() => expect(location()).toBe('/oxalis/inventory?page=2'));

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: 'Scent 1' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/oxalis/inventory'));
  });

  it('opens on the page, search and filter a reloaded URL names', async () => {
    renderAdmin(<InventoryPage />, {
      ...inventoryRoute,
      route: '/oxalis/inventory?q=oud&stock=low&page=3',
      mocks: [productsMock(pageOfProducts(101, 2), { search: 'oud', lowStock: true, offset: 100 }, 102)],
    });

    expect(await screen.findByRole('row', { name: 'Scent 102' })).toBeInTheDocument();
    expect(screen.getByText('Showing 101–102 of 102 products')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('oud');
    expect(screen.getByRole('checkbox', { name: 'Low stock only' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const rose = createAdminProduct({ name: 'Rose Attar' });
    renderAdmin(<InventoryPage />, {
      ...inventoryRoute,
      route: '/oxalis/inventory?page=2',
      // Only the whole word is answered: a request per keystroke would find no mock and show the failure.
      mocks: [productsMock(pageOfProducts(51, 3), { offset: 50 }, 53), productsMock([rose], { search: 'rose' })],
    });
    const user = userEvent.setup();

    await screen.findByRole('row', { name: 'Scent 51' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'rose');
    expect(location()).toBe('/oxalis/inventory?page=2');

    // After the debounce: the wait's limit (jest.setup.ts) is far above it.
    expect(await screen.findByRole('row', { name: 'Rose Attar' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/oxalis/inventory?q=rose'));
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows only products low on stock when asked, from the first page', async () => {
    const low = createAdminProduct({ name: 'Almost Gone', quantity: 1 });
    renderAdmin(<InventoryPage />, {
      ...inventoryRoute,
      route: '/oxalis/inventory',
      mocks: [productsMock(pageOfProducts(1, 3)), productsMock([low], { lowStock: true })],
    });
    const user = userEvent.setup();

    await screen.findByRole('row', { name: 'Scent 1' });
    await user.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    expect(await screen.findByRole('row', { name: 'Almost Gone' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Scent 1' })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/oxalis/inventory?stock=low'));
  });
});
