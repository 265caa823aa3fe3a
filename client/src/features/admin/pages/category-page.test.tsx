import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminCategoriesDocument, CreateCategoryDocument, DeleteCategoryDocument } from '../api/categories.generated';
import { renderAdmin } from '../testing/render-admin';
import { CategoryPage } from './category-page';

const category = (id: number, name: string) => ({ __typename: 'Category' as const, id, name });

function categoriesMock(categories: ReturnType<typeof category>[]) {
  return { request: { query: AdminCategoriesDocument }, result: { data: { categories } } };
}

const fieldError = (message: string) => ({ __typename: 'FieldError', field: 'name', code: 'CATEGORY_EXISTS', message });

describe('CategoryPage', () => {
  it("clears 'Category already exists' once that category is removed", async () => {
    const user = userEvent.setup();
    renderAdmin(<CategoryPage />, {
      route: '/oxalis/category',
      mocks: [
        categoriesMock([category(1, 'FOR MEN'), category(2, 'UNISEX')]),
        {
          request: { query: CreateCategoryDocument, variables: { name: 'unisex' } },
          result: {
            data: {
              createCategory: {
                __typename: 'CategoryPayload',
                category: null,
                errors: [fieldError('Category already exists')],
              },
            },
          },
        },
        // The add refetches the list whatever its outcome.
        categoriesMock([category(1, 'FOR MEN'), category(2, 'UNISEX')]),
        {
          request: { query: DeleteCategoryDocument, variables: { id: 2 } },
          result: { data: { deleteCategory: { __typename: 'DeleteCategoryPayload', deletedId: 2, errors: [] } } },
        },
        categoriesMock([category(1, 'FOR MEN')]),
      ],
    });

    await user.type(screen.getByLabelText('Category Name'), 'unisex');
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category already exists');

    await user.click(await screen.findByRole('button', { name: 'Delete category UNISEX' }));

    const categories = screen.getByRole('list', { name: 'Categories' });
    expect(await within(categories).findAllByRole('listitem')).toHaveLength(1);
    expect(await screen.findByRole('status')).toHaveTextContent('Category UNISEX deleted');
    expect(screen.queryByText('Category already exists')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Category Name')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
