import { PageMeta } from '../../../shared/ui/page-meta';
import { useAdminCategoriesQuery } from '../api/categories.generated';
import { useCreateProductMutation } from '../api/products.generated';
import { ProductForm, type ProductSubmission, type SaveOutcome } from '../components/product-form';
import { fieldErrorMessages, saveFailureMessage } from '../save-failure';
import type { UploadContext, UploadProgressListener } from '../upload-link';

export function UploadProductPage() {
  const { data: categoriesData, error: categoriesError } = useAdminCategoriesQuery();
  const [createProduct] = useCreateProductMutation();

  async function save(submission: ProductSubmission, onProgress: UploadProgressListener): Promise<SaveOutcome> {
    try {
      const context: UploadContext = { onUploadProgress: onProgress };
      const { data } = await createProduct({
        variables: { input: submission.input, images: submission.newImages },
        context,
      });
      const payload = data?.createProduct;
      if (!payload) return { ok: false, messages: ['Failed to create product'] };
      if (payload.errors.length > 0) return { ok: false, messages: fieldErrorMessages(payload.errors) };
      return { ok: true };
    } catch (error) {
      return { ok: false, messages: [saveFailureMessage(error, 'Failed to create product')] };
    }
  }

  return (
    <section className="admin-page">
      <PageMeta title="Upload Product" noIndex />
      <h1>Upload Product</h1>
      {categoriesError ? (
        <p role="alert" className="admin-error">
          Failed to fetch categories
        </p>
      ) : null}
      <ProductForm categories={categoriesData?.categories ?? []} submitLabel="Upload Product" onSave={save} />
    </section>
  );
}
