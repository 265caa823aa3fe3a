import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createAdminProduct, createAdminSize } from '../testing/admin-factories';
import { renderAdmin } from '../testing/render-admin';
import { ProductForm, type ProductSubmission } from './product-form';

const categories = [{ id: 1, name: 'FOR MEN' }];

/** The form for `product`, saving into the returned list. */
function renderForm(product = createAdminProduct()) {
  const saved: ProductSubmission[] = [];
  renderAdmin(
    <ProductForm
      categories={categories}
      product={product}
      submitLabel="Save Changes"
      onSave={async (submission) => {
        saved.push(submission);
        return { ok: true };
      }}
    />,
  );
  return saved;
}

const sizeGroup = (position: number) => screen.getByRole('group', { name: new RegExp(`^Size ${position}\\b`) });

describe('ProductForm sizes editor', () => {
  const oud = () =>
    createAdminProduct({
      name: 'Oud Savanna',
      scentFamily: 'WOODY',
      forWhom: 'UNISEX',
      notesTop: ['saffron', 'pink pepper'],
      notesHeart: ['rose'],
      notesBase: ['oud'],
      variants: [
        createAdminSize({ id: 1, sizeMl: 100, concentration: 'EAU_DE_PARFUM', sku: 'OUD-100', quantity: 4 }),
        createAdminSize({
          id: 2,
          sizeMl: 5,
          concentration: 'EAU_DE_PARFUM',
          isSample: true,
          sku: 'OUD-5',
          priceCents: 90_000,
          quantity: 30,
        }),
      ],
    });

  it('moves a size up to make it the default, removes one, adds one, and sends them in order with their ids', async () => {
    const saved = renderForm(oud());
    const user = userEvent.setup();

    expect(sizeGroup(1)).toHaveAccessibleName('Size 1 (default)');
    expect(within(sizeGroup(2)).getByLabelText('Size (ml)')).toHaveValue(5);
    expect(screen.getByRole('button', { name: 'Move up: Size 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move up: Size 2' }));
    expect(within(sizeGroup(1)).getByLabelText('SKU')).toHaveValue('OUD-5');
    expect(within(sizeGroup(1)).getByRole('checkbox', { name: 'Sample or decant' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove Size 2' }));
    expect(screen.queryByRole('group', { name: /^Size 2\b/ })).not.toBeInTheDocument();
    // The last size cannot go.
    expect(screen.getByRole('button', { name: 'Remove Size 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    const added = sizeGroup(2);
    await user.type(within(added).getByLabelText('Size (ml)'), '50');
    await user.selectOptions(within(added).getByLabelText('Concentration'), 'Eau de Toilette');
    await user.type(within(added).getByLabelText('SKU'), ' OUD-50 ');
    await user.type(within(added).getByLabelText('Price (Ksh)'), '6500');
    await user.type(within(added).getByLabelText('Quantity'), '3');
    await user.click(within(added).getByRole('checkbox', { name: 'On Sale' }));
    await user.clear(within(added).getByLabelText('Sale Price (Ksh)'));
    await user.type(within(added).getByLabelText('Sale Price (Ksh)'), '5999.50');

    await user.clear(screen.getByLabelText('Heart notes'));
    await user.type(screen.getByLabelText('Heart notes'), 'Rose,  jasmine , ');
    await user.selectOptions(screen.getByLabelText('Scent family'), 'Oriental/Amber');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(saved).toHaveLength(1);
    expect(saved[0]!.input).toEqual({
      name: 'Oud Savanna',
      description: 'Warm oud with amber.',
      categoryIds: [1],
      sizes: [
        {
          id: 2,
          sizeMl: 5,
          concentration: 'EAU_DE_PARFUM',
          isSample: true,
          sku: 'OUD-5',
          priceCents: 90_000,
          quantity: 30,
          onSale: false,
          salePriceCents: null,
        },
        {
          id: null,
          sizeMl: 50,
          concentration: 'EAU_DE_TOILETTE',
          isSample: false,
          sku: 'OUD-50',
          priceCents: 650_000,
          quantity: 3,
          onSale: true,
          salePriceCents: 599_950,
        },
      ],
      scentFamily: 'AMBER',
      forWhom: 'UNISEX',
      notesTop: ['saffron', 'pink pepper'],
      notesHeart: ['Rose', 'jasmine'],
      notesBase: ['oud'],
    });
  });

  it("names each size's problems under its own field and sends nothing", async () => {
    const saved = renderForm(oud());
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add a size' }));
    const added = sizeGroup(3);
    await user.type(within(added).getByLabelText('SKU'), 'oud-100');
    await user.type(within(added).getByLabelText('Quantity'), '2');
    await user.clear(within(sizeGroup(2)).getByLabelText('Quantity'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(saved).toEqual([]);
    expect(within(added).getByLabelText('Price (Ksh)')).toHaveAccessibleDescription('Valid price is required');
    expect(within(added).getByLabelText('SKU')).toHaveAccessibleDescription('This SKU is already used by another size');
    expect(within(sizeGroup(2)).getByLabelText('Quantity')).toHaveAccessibleDescription('Valid quantity is required');
    expect(within(sizeGroup(1)).getByLabelText('Quantity')).not.toHaveAccessibleDescription();
  });
});
