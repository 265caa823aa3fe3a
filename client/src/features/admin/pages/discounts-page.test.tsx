import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminDiscountCodesDocument,
  CreateDiscountCodeDocument,
  DeactivateDiscountCodeDocument,
  DiscountCategoriesDocument,
} from '../api/discounts.generated';
import { renderAdmin } from '../testing/render-admin';
import { DiscountsPage } from './discounts-page';

const code = {
  __typename: 'DiscountCode' as const,
  id: 1,
  code: 'KARIBU15',
  kind: 'percent',
  value: 15,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: 5,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  categoryIds: [],
  productIds: [],
  active: true,
  email: null,
  uses: 2,
  createdAt: '2026-03-01T09:00:00.000Z',
};

const listMock = (codes: (typeof code)[]) => ({
  request: { query: AdminDiscountCodesDocument, variables: { limit: 50, offset: 0 } },
  result: { data: { adminDiscountCodes: { __typename: 'DiscountCodeList', totalCount: codes.length, codes } } },
});

const categoriesMock = {
  request: { query: DiscountCategoriesDocument },
  result: { data: { categories: [{ __typename: 'Category', id: 1, name: 'FOR MEN' }] } },
};

const input = {
  code: 'x',
  kind: 'percent',
  value: 150,
  minSubtotalCents: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  categoryIds: [],
  productIds: [],
  email: null,
  active: true,
};

describe('DiscountsPage', () => {
  it('lists codes with their uses, shows the server’s field errors and deactivates a code', async () => {
    const user = userEvent.setup();
    renderAdmin(<DiscountsPage />, {
      route: '/oxalis/discounts',
      mocks: [
        listMock([code]),
        categoriesMock,
        {
          request: { query: CreateDiscountCodeDocument, variables: { input } },
          result: {
            data: {
              createDiscountCode: {
                __typename: 'DiscountCodePayload',
                discountCode: null,
                errors: [
                  {
                    __typename: 'FieldError',
                    field: 'value',
                    code: 'OUT_OF_RANGE',
                    message: 'Enter a whole number from 1 to 100.',
                  },
                ],
              },
            },
          },
        },
        {
          request: { query: DeactivateDiscountCodeDocument, variables: { id: 1 } },
          result: {
            data: {
              deactivateDiscountCode: {
                __typename: 'DiscountCodePayload',
                discountCode: { ...code, active: false },
                errors: [],
              },
            },
          },
        },
      ],
    });

    const table = await screen.findByRole('table', { name: 'Discount codes' });
    const card = within(table).getByRole('row', { name: /KARIBU15/ });
    expect(
      within(card)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['KARIBU15', '15%', '2 of 5', 'Always', 'Active', 'Edit KARIBU15 Deactivate KARIBU15']);

    await user.type(screen.getByLabelText('Code'), 'x');
    await user.type(screen.getByLabelText('Percentage off'), '150');
    await user.click(screen.getByRole('button', { name: 'Create code' }));
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
    expect(screen.getByLabelText('Percentage off')).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(card).getByRole('button', { name: 'Deactivate KARIBU15' }));
    expect(await screen.findByText('Discount code KARIBU15 deactivated.')).toBeInTheDocument();
    expect(await within(card).findByText('Inactive')).toBeInTheDocument();
  });
});
