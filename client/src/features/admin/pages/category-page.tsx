import { useState, type FormEvent } from 'react';
import { serverMessageOr } from '../../../shared/error-message';
import { CloseIcon } from '../../../shared/ui/icons';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import {
  useAdminCategoriesQuery,
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
} from '../api/categories.generated';

export function CategoryPage() {
  const { data, error } = useAdminCategoriesQuery({ fetchPolicy: 'cache-and-network' });
  const [name, setName] = useState('');
  const [formError, setFormError] = useState('');
  const [deleteError, setDeleteError] = useState('');
  const [createCategory, { loading: adding }] = useCreateCategoryMutation();
  const [deleteCategory] = useDeleteCategoryMutation();
  const { showToast } = useToast();

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError('');
    if (!name.trim()) {
      setFormError('Category name is required');
      return;
    }
    try {
      const { data: result } = await createCategory({
        variables: { name: name.trim() },
        refetchQueries: ['AdminCategories'],
        awaitRefetchQueries: true,
      });
      const payload = result?.createCategory;
      if (!payload?.category) {
        setFormError(payload?.errors[0]?.message ?? 'Failed to add category');
        return;
      }
      setName('');
      showToast(`Category ${payload.category.name} added`, { variant: 'success' });
    } catch (failure) {
      setFormError(serverMessageOr(failure, 'Failed to add category'));
    }
  }

  async function remove(category: { id: number; name: string }) {
    setDeleteError('');
    try {
      const { data: result } = await deleteCategory({
        variables: { id: category.id },
        refetchQueries: ['AdminCategories'],
        awaitRefetchQueries: true,
      });
      const payload = result?.deleteCategory;
      // Refused while products use it: the server says how many.
      if (payload?.deletedId == null) {
        setDeleteError(payload?.errors[0]?.message ?? 'Failed to delete category');
        return;
      }
      // A refusal of an earlier add ('Category already exists') may be about this very name: it no longer holds.
      setFormError('');
      showToast(`Category ${category.name} deleted`, { variant: 'success' });
    } catch (failure) {
      setDeleteError(serverMessageOr(failure, 'Failed to delete category'));
    }
  }

  return (
    <section className="admin-page">
      <PageMeta title="Create Category" noIndex />
      <h1>Create Category</h1>
      <form className="admin-form" onSubmit={add} noValidate aria-label="Add category">
        <div>
          <label htmlFor="category-name">Category Name</label>
          <input
            id="category-name"
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={Boolean(formError)}
            aria-describedby={formError ? 'category-name-error' : undefined}
          />
          {formError ? (
            <p id="category-name-error" role="alert" className="admin-form__error">
              {formError}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className="button" disabled={adding}>
            Add Category
          </button>
        </div>
      </form>
      <h2>Categories</h2>
      {error && !data ? (
        <p role="alert" className="admin-error">
          {serverMessageOr(error, 'Failed to fetch categories')}
        </p>
      ) : null}
      {deleteError ? (
        <p role="alert" className="admin-error">
          {deleteError}
        </p>
      ) : null}
      <ul className="admin-chips" aria-label="Categories">
        {(data?.categories ?? []).map((category) => (
          <li key={category.id}>
            {category.name}
            <button type="button" aria-label={`Delete category ${category.name}`} onClick={() => void remove(category)}>
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
