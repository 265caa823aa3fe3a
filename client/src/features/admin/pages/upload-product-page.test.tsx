import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCategoriesDocument } from '../api/categories.generated';
import { CreateProductDocument } from '../api/products.generated';
import { createAdminProduct } from '../testing/admin-factories';
import { holdOperation } from '../testing/hold-operation';
import { renderAdmin } from '../testing/render-admin';
import { UploadProductPage } from './upload-product-page';

const categoriesMock = {
  request: { query: AdminCategoriesDocument },
  result: {
    data: {
      categories: [
        { __typename: 'Category', id: 1, name: 'FOR MEN' },
        { __typename: 'Category', id: 2, name: 'FOR WOMEN' },
      ],
    },
  },
};

function image(name: string, bytes = 1024, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  // Only the size matters to the checks; no need to allocate megabytes.
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

// jsdom has no object URLs; the previews only need distinct strings.
let objectUrls = 0;
const revoked: string[] = [];
beforeAll(() => {
  URL.createObjectURL = () => `blob:preview-${++objectUrls}`;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});

const form = () => screen.getByRole('form', { name: 'Upload product' });
const imagesInput = () => screen.getByLabelText('Product Images');
const chosenNames = () =>
  within(screen.getByRole('list', { name: 'Chosen images' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('UploadProductPage', () => {
  it("shows SPEC §5's messages for an empty form and sends nothing", async () => {
    renderAdmin(<UploadProductPage />, { mocks: [categoriesMock] });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'FOR MEN' });

    await user.click(within(form()).getByRole('button', { name: 'Upload Product' }));

    for (const message of [
      'Product name is required',
      'Category is required',
      'Valid price is required',
      'Valid quantity is required',
      'Description is required',
      'At least one product image is required',
    ]) {
      expect(form()).toHaveTextContent(message);
    }
    expect(screen.getByLabelText('Product Name')).toHaveAccessibleDescription('Product name is required');
  });

  it('checks the sale price only on sale, and unchecking On Sale resets it to 0', async () => {
    renderAdmin(<UploadProductPage />, { mocks: [categoriesMock] });
    const user = userEvent.setup();
    const salePrice = await screen.findByLabelText('Sale Price (Ksh)');
    expect(salePrice).toBeDisabled();
    expect(salePrice).toHaveValue(0);

    await user.type(screen.getByLabelText('Price (Ksh)'), '1000');
    await user.click(screen.getByRole('checkbox', { name: 'On Sale' }));
    await user.clear(salePrice);
    await user.type(salePrice, '1500');
    await user.click(within(form()).getByRole('button', { name: 'Upload Product' }));
    expect(salePrice).toHaveAccessibleDescription('Sale price must be less than regular price');

    await user.clear(salePrice);
    await user.type(salePrice, '0');
    await user.click(within(form()).getByRole('button', { name: 'Upload Product' }));
    expect(salePrice).toHaveAccessibleDescription('Valid sale price is required when product is on sale');

    await user.type(salePrice, '800');
    await user.click(screen.getByRole('checkbox', { name: 'On Sale' }));
    expect(salePrice).toBeDisabled();
    expect(salePrice).toHaveValue(0);
  });

  it('refuses non-images, files over 5 MB and an 11th image with the spec texts', async () => {
    renderAdmin(<UploadProductPage />, { mocks: [categoriesMock] });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('checkbox', { name: 'FOR MEN' });

    await user.upload(imagesInput(), [
      image('notes.txt', 100, 'text/plain'),
      image('huge.jpg', 5 * 1024 * 1024 + 1, 'image/jpeg'),
      image('exact.jpg', 5 * 1024 * 1024, 'image/jpeg'),
    ]);
    const problems = screen.getByRole('alert', { name: 'Image problems' });
    expect(problems).toHaveTextContent("File 'notes.txt' is not an image.");
    expect(problems).toHaveTextContent("File 'huge.jpg' exceeds 5MB limit.");
    expect(chosenNames()).toEqual(['exact.jpg']);

    await user.upload(
      imagesInput(),
      Array.from({ length: 10 }, (_, index) => image(`bottle-${index + 1}.png`)),
    );
    expect(screen.getByRole('alert', { name: 'Image problems' })).toHaveTextContent('Maximum of 10 images allowed.');
    expect(chosenNames()).toHaveLength(10);
    expect(chosenNames()).not.toContain('bottle-10.png');
  });

  it('reorders and removes previews with buttons', async () => {
    renderAdmin(<UploadProductPage />, { mocks: [categoriesMock] });
    const user = userEvent.setup();
    await screen.findByRole('checkbox', { name: 'FOR MEN' });
    await user.upload(imagesInput(), [image('a.png'), image('b.png'), image('c.png')]);
    expect(screen.getByRole('img', { name: 'Preview of a.png' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    await user.click(screen.getByRole('button', { name: 'Move c.png left' }));
    expect(chosenNames()).toEqual(['a.png', 'c.png', 'b.png']);
    expect(screen.getByRole('button', { name: 'Move a.png left' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove a.png' }));
    expect(chosenNames()).toEqual(['c.png', 'b.png']);
    expect(revoked).toContain('blob:preview-1');
  });

  it('sends the product in cents with the files in the order shown, showing progress until it is saved', async () => {
    const first = image('front.png');
    const second = image('side.png');
    const created = createAdminProduct({ name: 'Amber Dusk' });
    const { link, release } = holdOperation('CreateProduct', [
      categoriesMock,
      {
        request: {
          query: CreateProductDocument,
          variables: {
            input: {
              name: 'Amber Dusk',
              description: 'Amber and vanilla.',
              categoryIds: [2],
              // One size, the default: the spec's price and quantity are its.
              sizes: [
                {
                  id: null,
                  sizeMl: null,
                  concentration: null,
                  isSample: false,
                  sku: null,
                  priceCents: 325050,
                  quantity: 7,
                  onSale: false,
                  salePriceCents: null,
                },
              ],
              scentFamily: null,
              forWhom: null,
              notesTop: [],
              notesHeart: [],
              notesBase: [],
            },
            images: [second, first],
          },
        },
        result: { data: { createProduct: { __typename: 'ProductPayload', product: created, errors: [] } } },
      },
    ]);
    renderAdmin(<UploadProductPage />, { link });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Product Name'), '  Amber Dusk ');
    await user.click(await screen.findByRole('checkbox', { name: 'FOR WOMEN' }));
    await user.type(screen.getByLabelText('Price (Ksh)'), '3250.50');
    await user.type(screen.getByLabelText('Quantity'), '7');
    await user.type(screen.getByLabelText('Description'), 'Amber and vanilla.');
    await user.upload(imagesInput(), [first, second]);
    await user.click(screen.getByRole('button', { name: 'Move side.png left' }));
    await user.click(within(form()).getByRole('button', { name: 'Upload Product' }));

    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(screen.getByText(/^Uploading images…/)).toBeInTheDocument();
    release();

    expect(await screen.findByRole('status')).toHaveTextContent('Product created successfully');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '100');
    expect(screen.getByLabelText('Product Name')).toHaveValue('');
    expect(screen.queryByRole('list', { name: 'Chosen images' })).not.toBeInTheDocument();
  });

  it("shows the server's field errors under the form", async () => {
    const file = image('front.png');
    renderAdmin(<UploadProductPage />, {
      mocks: [
        categoriesMock,
        {
          request: { query: CreateProductDocument, variables: () => true },
          result: {
            data: {
              createProduct: {
                __typename: 'ProductPayload',
                product: null,
                errors: [
                  {
                    __typename: 'FieldError',
                    field: 'images',
                    code: 'NOT_AN_IMAGE',
                    message: "File 'front.png' is not an image.",
                  },
                ],
              },
            },
          },
        },
      ],
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Product Name'), 'Amber');
    await user.click(await screen.findByRole('checkbox', { name: 'FOR MEN' }));
    await user.type(screen.getByLabelText('Price (Ksh)'), '100');
    await user.type(screen.getByLabelText('Quantity'), '1');
    await user.type(screen.getByLabelText('Description'), 'Nice.');
    await user.upload(imagesInput(), [file]);
    await user.click(within(form()).getByRole('button', { name: 'Upload Product' }));

    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'Save problems' })).toHaveTextContent(
        "File 'front.png' is not an image.",
      ),
    );
    expect(screen.getByLabelText('Product Name')).toHaveValue('Amber');
  });
});
