import { useId, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import { centsToShillings } from '../admin-format';
import type { AdminProductFragment, ProductInput } from '../api/products.generated';
import {
  emptySize,
  forWhomOptions,
  imageMessages,
  scentFamilyOptions,
  validateProduct,
  type ProductField,
  type ProductFormValues,
  type SizeFormValues,
} from '../product-form-rules';
import type { UploadProgressListener } from '../upload-link';
import { FormProblems } from './form-problems';
import { ImagePreviews } from './image-previews';
import { SizesEditor } from './sizes-editor';
import { useProductImages } from './use-product-images';

export interface CategoryOption {
  id: number;
  name: string;
}

export interface ProductSubmission {
  input: ProductInput;
  newImages: File[];
  removeImageIds: number[];
}

/** What saving answered: nothing on success, else the messages to show under the form. */
export type SaveOutcome = { ok: true } | { ok: false; messages: string[] };

interface ProductFormProps {
  categories: CategoryOption[];
  /** The product being edited; a new product when absent. */
  product?: AdminProductFragment;
  submitLabel: string;
  onSave: (submission: ProductSubmission, onProgress: UploadProgressListener) => Promise<SaveOutcome>;
  /** After a successful save. A new product's form is emptied for the next one. */
  onSaved?: () => void;
}

type AdminSize = AdminProductFragment['variants'][number];

function sizeValues(size: AdminSize): SizeFormValues {
  return {
    key: `size-${size.id}`,
    id: size.id,
    sizeMl: size.sizeMl === null || size.sizeMl === undefined ? '' : String(size.sizeMl),
    concentration: size.concentration ?? '',
    isSample: size.isSample,
    sku: size.sku ?? '',
    price: centsToShillings(size.priceCents),
    quantity: String(size.quantity),
    onSale: size.onSale,
    salePrice: size.onSale ? centsToShillings(size.salePriceCents) : '0',
  };
}

function initialValues(product?: AdminProductFragment): ProductFormValues {
  if (!product) {
    // SPEC §4: a new product is not on sale and its sale price is 0.
    return {
      name: '',
      description: '',
      categoryIds: [],
      sizes: [emptySize()],
      scentFamily: '',
      forWhom: '',
      notesTop: '',
      notesHeart: '',
      notesBase: '',
    };
  }
  return {
    name: product.name,
    description: product.description,
    categoryIds: product.categories.map((category) => category.id),
    sizes: product.variants.map(sizeValues),
    scentFamily: product.scentFamily ?? '',
    forWhom: product.forWhom ?? '',
    notesTop: product.notesTop.join(', '),
    notesHeart: product.notesHeart.join(', '),
    notesBase: product.notesBase.join(', '),
  };
}

/** The form's values typed as text. */
type TextValue = 'name' | 'description' | 'notesTop' | 'notesHeart' | 'notesBase';

interface TextControlProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * The product form of SPEC §5 for creating and editing: field rules with the spec's messages, image previews,
 * reordering by buttons (keyboard reachable), removal, and a progress bar while the files upload.
 */
export function ProductForm({ categories, product, submitLabel, onSave, onSaved }: ProductFormProps) {
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(product));
  const images = useProductImages(product);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ProductField | 'images', string>>>({});
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedMessage, setSavedMessage] = useState('');

  const fieldId = (field: string) => `${formId}-${field}`;
  const errorId = (field: string) => `${formId}-${field}-error`;

  function setValue<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function toggleCategory(id: number, checked: boolean) {
    setValues((current) => ({
      ...current,
      categoryIds: checked ? [...current.categoryIds, id] : current.categoryIds.filter((other) => other !== id),
    }));
  }

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (images.addFiles(files)) setFieldErrors((current) => ({ ...current, images: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSavedMessage('');
    setServerMessages([]);
    const { errors, input } = validateProduct(values);
    const allErrors: Partial<Record<ProductField | 'images', string>> = { ...errors };
    if (images.images.length === 0) allErrors.images = imageMessages.required;
    setFieldErrors(allErrors);
    if (!input || allErrors.images) return;

    const newImages = images.newFiles();
    setSaving(true);
    setProgress(newImages.length > 0 ? 0 : null);
    let outcome: SaveOutcome;
    try {
      outcome = await onSave({ input, newImages, removeImageIds: images.removeImageIds }, ({ loaded, total }) =>
        setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      );
    } finally {
      setSaving(false);
    }
    if (!outcome.ok) {
      setServerMessages(outcome.messages);
      setProgress(null);
      return;
    }
    if (newImages.length > 0) setProgress(100);
    if (!product) {
      setValues(initialValues());
      images.clear();
      setSavedMessage('Product created successfully');
    }
    onSaved?.();
  }

  const describedBy = (field: ProductField | 'images') => (fieldErrors[field] ? errorId(field) : undefined);
  const fieldError = (field: ProductField | 'images') =>
    fieldErrors[field] ? (
      <p id={errorId(field)} className="admin-form__error">
        {fieldErrors[field]}
      </p>
    ) : null;

  /** A labelled text field with its error below; `control` draws the input from the props it must carry. */
  const field = (
    key: TextValue,
    error: ProductField | null,
    label: string,
    control: (props: TextControlProps) => ReactElement,
  ) => (
    <div>
      <label htmlFor={fieldId(key)}>{label}</label>
      {control({
        id: fieldId(key),
        value: values[key],
        onChange: (event) => setValue(key, event.target.value),
        'aria-invalid': error ? Boolean(fieldErrors[error]) : false,
        'aria-describedby': error ? describedBy(error) : undefined,
      })}
      {error ? fieldError(error) : null}
    </div>
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-label={product ? 'Edit product' : 'Upload product'}>
      {field('name', 'name', 'Product Name', (props) => (
        <input type="text" {...props} />
      ))}

      <fieldset aria-describedby={describedBy('categoryIds')}>
        <legend>Category</legend>
        {categories.map((category) => (
          <label key={category.id} className="admin-form__check">
            <input
              type="checkbox"
              checked={values.categoryIds.includes(category.id)}
              onChange={(event) => toggleCategory(category.id, event.target.checked)}
            />
            {category.name}
          </label>
        ))}
        {fieldError('categoryIds')}
      </fieldset>

      <SizesEditor
        idPrefix={formId}
        sizes={values.sizes}
        onChange={(sizes) => {
          // A size's errors are named by its place: once sizes move, come or go they no longer point at it.
          const places = (list: SizeFormValues[]) => list.map((size) => size.key).join();
          if (places(sizes) !== places(values.sizes))
            setFieldErrors((current) =>
              Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('sizes.'))),
            );
          setValue('sizes', sizes);
        }}
        errors={fieldErrors}
      />

      <fieldset>
        <legend>Fragrance</legend>
        <div className="admin-form__row">
          <div>
            <label htmlFor={fieldId('scentFamily')}>Scent family</label>
            <select
              id={fieldId('scentFamily')}
              value={values.scentFamily}
              onChange={(event) => setValue('scentFamily', event.target.value as ProductFormValues['scentFamily'])}
            >
              <option value="">Not stated</option>
              {scentFamilyOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fieldId('forWhom')}>For whom</label>
            <select
              id={fieldId('forWhom')}
              value={values.forWhom}
              onChange={(event) => setValue('forWhom', event.target.value as ProductFormValues['forWhom'])}
            >
              <option value="">Not stated</option>
              {forWhomOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="muted" id={fieldId('notes-hint')}>
          Notes separated by commas, e.g. bergamot, pink pepper.
        </p>
        {(
          [
            ['notesTop', 'Top notes'],
            ['notesHeart', 'Heart notes'],
            ['notesBase', 'Base notes'],
          ] as const
        ).map(([key, label]) => (
          <div key={key}>
            <label htmlFor={fieldId(key)}>{label}</label>
            <input
              id={fieldId(key)}
              type="text"
              value={values[key]}
              onChange={(event) => setValue(key, event.target.value)}
              aria-describedby={fieldId('notes-hint')}
            />
          </div>
        ))}
      </fieldset>

      {field('description', 'description', 'Description', (props) => (
        <textarea rows={4} {...props} />
      ))}

      <div>
        <label htmlFor={fieldId('images')}>Product Images</label>
        <input
          id={fieldId('images')}
          type="file"
          accept="image/*"
          multiple
          onChange={addFiles}
          aria-describedby={describedBy('images')}
        />
        <p className="muted">Up to 10 images, 5 MB each. The first image is the main one.</p>
        {fieldError('images')}
        <FormProblems label="Image problems" messages={images.messages} />
        <ImagePreviews
          images={images.images}
          canMove={images.canMove}
          onMove={images.move}
          onRemove={images.removeImage}
        />
      </div>

      {progress !== null ? (
        <div className="admin-progress">
          <span>{saving ? `Uploading images… ${progress}%` : 'Upload complete'}</span>
          <progress aria-label="Upload progress" max={100} value={progress} />
        </div>
      ) : null}

      <FormProblems label="Save problems" messages={serverMessages} />
      {savedMessage ? <p role="status">{savedMessage}</p> : null}

      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
