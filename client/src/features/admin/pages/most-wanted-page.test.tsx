import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminMostWantedSizesDocument, type AdminMostWantedSizesQuery } from '../api/most-wanted.generated';
import { renderAdmin } from '../testing/render-admin';
import { MostWantedPage } from './most-wanted-page';

type WantedSize = AdminMostWantedSizesQuery['adminMostWantedSizes']['sizes'][number];

function wanted(overrides: Partial<WantedSize>): WantedSize {
  return {
    __typename: 'WantedSize',
    variantId: 70,
    productId: 7,
    productName: 'Oud Royale',
    sizeLabel: '100 ml · Eau de Parfum',
    quantity: 0,
    waiting: 3,
    waitingSince: '2026-11-20T07:00:00.000Z',
    ...overrides,
  };
}

function pageMock(offset: number, sizes: WantedSize[], totalCount: number) {
  return {
    request: { query: AdminMostWantedSizesDocument, variables: { limit: 50, offset } },
    result: {
      data: { adminMostWantedSizes: { __typename: 'AdminMostWantedSizes', totalCount, sizes } },
    },
  };
}

const cells = (row: HTMLElement | undefined) =>
  within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('MostWantedPage', () => {
  it('lists the sizes shoppers wait for, most waited for first, and pages through them', async () => {
    const user = userEvent.setup();
    renderAdmin(<MostWantedPage />, {
      route: '/oxalis/wanted',
      mocks: [
        pageMock(
          0,
          [
            wanted({}),
            wanted({
              variantId: 91,
              productId: 9,
              productName: 'Amber Nights',
              sizeLabel: '5 ml decant · Eau de Parfum',
              quantity: 4,
              waiting: 1,
              waitingSince: '2026-11-25T12:00:00.000Z',
            }),
          ],
          51,
        ),
        pageMock(50, [wanted({ variantId: 12, productId: 1, productName: 'Cedar Mist', waiting: 1 })], 51),
      ],
    });

    const table = await screen.findByRole('table', { name: 'Most wanted sizes' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Product', 'Size', 'Waiting', 'Waiting since', 'Stock']);
    expect(cells(first)).toEqual(['Oud Royale', '100 ml · Eau de Parfum', '3', '20 Nov 2026', 'Sold out']);
    expect(cells(second)).toEqual(['Amber Nights', '5 ml decant · Eau de Parfum', '1', '25 Nov 2026', '4 in stock']);
    expect(within(first!).getByRole('link', { name: 'Oud Royale' })).toHaveAttribute('href', '/product/7');
    expect(screen.getByRole('navigation', { name: 'Pages of sizes' })).toHaveTextContent('Showing 1–2 of 51 sizes');

    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('cell', { name: 'Cedar Mist' })).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'Oud Royale' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of sizes' })).toHaveTextContent('Showing 51–51 of 51 sizes');
  });

  it('says so when nobody is waiting', async () => {
    renderAdmin(<MostWantedPage />, { route: '/oxalis/wanted', mocks: [pageMock(0, [], 0)] });

    expect(await screen.findByText('Nobody is waiting for a size right now.')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages of sizes' })).not.toBeInTheDocument();
  });
});
