import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ImportProductsDocument } from '../api/product-import.generated';
import { renderAdmin } from '../testing/render-admin';
import { ProductImportPage } from './product-import-page';

const file = new File(['handle,name\r\n'], 'products.csv', { type: 'text/csv' });

function answer(dryRun: boolean, fields: object) {
  return {
    request: { query: ImportProductsDocument, variables: { file, dryRun } },
    result: {
      data: {
        importProducts: {
          __typename: 'ProductImportPayload',
          dryRun,
          imported: false,
          rowCount: 3,
          rowErrorCount: 0,
          rowErrors: [],
          productsCreated: 1,
          productsUpdated: 1,
          sizesCreated: 2,
          sizesUpdated: 1,
          errors: [],
          ...fields,
        },
      },
    },
  };
}

const rowError = (row: number, column: string, message: string) => ({
  __typename: 'ProductImportRowError',
  row,
  column,
  message,
});

describe('ProductImportPage', () => {
  it('offers the export, and imports only after a clean check, with a summary', async () => {
    const user = userEvent.setup();
    renderAdmin(<ProductImportPage />, {
      mocks: [answer(true, {}), answer(false, { imported: true })],
    });
    expect(screen.getByRole('link', { name: 'Download products CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/products.csv',
    );
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();

    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const ready = await screen.findByRole('status', { name: 'Import summary' });
    expect(ready).toHaveTextContent('The file is ready to import: 3 rows and no errors.');
    expect(ready).toHaveTextContent('Would give 1 new product, 1 product updated');
    expect(importButton).toBeEnabled();

    await user.click(importButton);
    const done = await screen.findByText('Imported.');
    expect(done.parentElement).toHaveTextContent('2 new sizes, 1 size updated');
  });

  it("lists each row's errors in a table and keeps Import disabled", async () => {
    const user = userEvent.setup();
    renderAdmin(<ProductImportPage />, {
      mocks: [
        answer(true, {
          rowErrorCount: 2,
          rowErrors: [
            rowError(2, 'price_kes', '"45,00" is not a price in KES (e.g. 4500 or 4500.50, no commas or "Ksh").'),
            rowError(5, 'images', 'No image "x.webp" in the uploads (or it is not an image).'),
          ],
        }),
      ],
    });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: 'Errors per row' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'price_kes', '"45,00" is not a price in KES (e.g. 4500 or 4500.50, no commas or "Ksh").']);
    expect(within(second!).getAllByRole('cell')[1]).toHaveTextContent('images');
    expect(screen.getByRole('alert')).toHaveTextContent('2 errors in 3 rows');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });

  it('shows a problem with the file as a whole', async () => {
    const user = userEvent.setup();
    renderAdmin(<ProductImportPage />, {
      mocks: [
        answer(true, {
          rowCount: 0,
          errors: [
            {
              __typename: 'FieldError',
              field: 'file',
              code: 'INVALID_INPUT',
              message: 'Header row: Unknown column "colour".',
            },
          ],
        }),
      ],
    });
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Header row: Unknown column "colour".');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
