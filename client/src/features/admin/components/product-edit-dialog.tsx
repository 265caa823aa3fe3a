import { useId } from 'react';
import { Modal } from '../../../shared/ui/modal';
import { useUpdateProductMutation, type AdminProductFragment } from '../api/products.generated';
import { fieldErrorMessages, saveFailureMessage } from '../save-failure';
import type { UploadContext, UploadProgressListener } from '../upload-link';
import { ProductForm, type CategoryOption, type ProductSubmission, type SaveOutcome } from './product-form';

// SPEC §8: the edit dialog's fallback.
const EDIT_FAILED = 'An error occurred while updating the product.';

interface ProductEditDialogProps {
  product: AdminProductFragment | null;
  categories: CategoryOption[];
  onClose: () => void;
  onSaved: () => void;
}

export function ProductEditDialog({ product, categories, onClose, onSaved }: ProductEditDialogProps) {
  const titleId = useId();
  const [updateProduct] = useUpdateProductMutation();

  async function save(submission: ProductSubmission, onProgress: UploadProgressListener): Promise<SaveOutcome> {
    if (!product) return { ok: false, messages: [EDIT_FAILED] };
    try {
      const context: UploadContext = { onUploadProgress: onProgress };
      const { data } = await updateProduct({
        variables: {
          id: product.id,
          input: submission.input,
          newImages: submission.newImages.length > 0 ? submission.newImages : null,
          removeImageIds: submission.removeImageIds.length > 0 ? submission.removeImageIds : null,
        },
        context,
      });
      const payload = data?.updateProduct;
      if (!payload) return { ok: false, messages: [EDIT_FAILED] };
      if (payload.errors.length > 0) return { ok: false, messages: fieldErrorMessages(payload.errors) };
      return { ok: true };
    } catch (error) {
      return { ok: false, messages: [saveFailureMessage(error, EDIT_FAILED)] };
    }
  }

  return (
    <Modal open={product !== null} onClose={onClose} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>Edit Product</h2>
      {product ? (
        <ProductForm
          key={product.id}
          categories={categories}
          product={product}
          submitLabel="Save Changes"
          onSave={save}
          onSaved={onSaved}
        />
      ) : null}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
