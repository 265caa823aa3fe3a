import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type ReactElement,
} from 'react';
import { centsToShillings } from '../admin-format';
import type { AdminProductFragment, ProductInput } from '../api/products.generated';
import {
  checkImageFiles,
  imageMessages,
  validateProduct,
  type ProductField,
  type ProductFormValues,
} from '../product-form-rules';
import type { UploadProgressListener } from '../upload-link';

export interface CategoryOption {
  id: number;
  name: string;
}

type ImageItem =
  | { key: string; kind: 'existing'; id: number; url: string; name: string }
  | { key: string; kind: 'new'; file: File; url: string; name: string };

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

function initialValues(product?: AdminProductFragment): ProductFormValues {
  if (!product) {
    // SPEC §4: a new product is not on sale and its sale price is 0.
    return { name: '', description: '', categoryIds: [], price: '', quantity: '', onSale: false, salePrice: '0' };
  }
  return {
    name: product.name,
    description: product.description,
    categoryIds: product.categories.map((category) => category.id),
    price: centsToShillings(product.priceCents),
    quantity: String(product.quantity),
    onSale: product.onSale,
    salePrice: product.onSale ? centsToShillings(product.salePriceCents) : '0',
  };
}

function existingImages(product?: AdminProductFragment): ImageItem[] {
  return (product?.images ?? []).map((image, index) => ({
    key: `existing-${image.id}`,
    kind: 'existing',
    id: Number(image.id),
    url: image.url,
    name: `Image ${index + 1}`,
  }));
}

let nextKey = 0;

/** The form's values typed as text. */
type TextValue = 'name' | 'description' | 'price' | 'quantity' | 'salePrice';

interface TextControlProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** The buttons that move a new image one place along the preview list. */
const MOVES = [
  { delta: -1, side: 'left', arrow: '←' },
  { delta: 1, side: 'right', arrow: '→' },
] as const;

/** Messages the form cannot attach to one field, announced as a list. */
function Problems({ label, messages }: { label: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className="admin-form__error" aria-label={label}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** An amount in shillings, to the cent. */
function ShillingsInput(props: ComponentProps<'input'>) {
  return <input type="number" min="0" step="0.01" inputMode="decimal" {...props} />;
}

/**
 * The product form of SPEC §5 for creating and editing: field rules with the spec's messages, image previews,
 * reordering by buttons (keyboard reachable), removal, and a progress bar while the files upload.
 */
export function ProductForm({ categories, product, submitLabel, onSave, onSaved }: ProductFormProps) {
  const formId = useId();
  const [values, setValues] = useState(() => initialValues(product));
  const [images, setImages] = useState<ImageItem[]>(() => existingImages(product));
  const [removeImageIds, setRemoveImageIds] = useState<number[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<ProductField | 'images', string>>>({});
  const [imageMessagesShown, setImageMessagesShown] = useState<string[]>([]);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [savedMessage, setSavedMessage] = useState('');

  // Object URLs hold the file in memory until revoked: release every preview when the form goes away.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(
    () => () => {
      for (const image of imagesRef.current) if (image.kind === 'new') URL.revokeObjectURL(image.url);
    },
    [],
  );

  const fieldId = (field: string) => `${formId}-${field}`;
  const errorId = (field: string) => `${formId}-${field}-error`;

  function setValue<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onSaleChange(event: ChangeEvent<HTMLInputElement>) {
    const onSale = event.target.checked;
    // SPEC §4: unchecking On Sale resets the sale price to 0.
    setValues((current) => ({ ...current, onSale, salePrice: onSale ? current.salePrice : '0' }));
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
    const { accepted, messages } = checkImageFiles(files, images.length);
    setImageMessagesShown(messages);
    if (accepted.length === 0) return;
    setFieldErrors((current) => ({ ...current, images: undefined }));
    setImages((current) => [
      ...current,
      ...accepted.map((file): ImageItem => ({
        key: `new-${nextKey++}`,
        kind: 'new',
        file,
        url: URL.createObjectURL(file),
        name: file.name,
      })),
    ]);
  }

  function removeImage(item: ImageItem) {
    if (item.kind === 'new') URL.revokeObjectURL(item.url);
    else setRemoveImageIds((current) => [...current, item.id]);
    setImages((current) => current.filter((image) => image.key !== item.key));
    setImageMessagesShown([]);
  }

  // New files keep the order shown; a product's stored images stay first (the server appends new ones).
  function canMove(index: number, delta: -1 | 1): boolean {
    const item = images[index];
    const target = images[index + delta];
    return item?.kind === 'new' && target?.kind === 'new';
  }

  function move(index: number, delta: -1 | 1) {
    if (!canMove(index, delta)) return;
    setImages((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + delta, 0, item);
      return next;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setSavedMessage('');
    setServerMessages([]);
    const { errors, input } = validateProduct(values);
    const allErrors: Partial<Record<ProductField | 'images', string>> = { ...errors };
    if (images.length === 0) allErrors.images = imageMessages.required;
    setFieldErrors(allErrors);
    if (!input || allErrors.images) return;

    const newImages = images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));
    setSaving(true);
    setProgress(newImages.length > 0 ? 0 : null);
    let outcome: SaveOutcome;
    try {
      outcome = await onSave({ input, newImages, removeImageIds }, ({ loaded, total }) =>
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
      for (const image of images) if (image.kind === 'new') URL.revokeObjectURL(image.url);
      setValues(initialValues());
      setImages([]);
      setRemoveImageIds([]);
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
    error: ProductField,
    label: string,
    control: (props: TextControlProps) => ReactElement,
  ) => (
    <div>
      <label htmlFor={fieldId(key)}>{label}</label>
      {control({
        id: fieldId(key),
        value: values[key],
        onChange: (event) => setValue(key, event.target.value),
        'aria-invalid': Boolean(fieldErrors[error]),
        'aria-describedby': describedBy(error),
      })}
      {fieldError(error)}
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

      <div className="admin-form__row">
        {field('price', 'priceCents', 'Price (Ksh)', (props) => (
          <ShillingsInput {...props} />
        ))}
        {field('quantity', 'quantity', 'Quantity', (props) => (
          <input type="number" min="0" step="1" inputMode="numeric" {...props} />
        ))}
      </div>

      <div className="admin-form__row">
        <label className="admin-form__check">
          <input type="checkbox" checked={values.onSale} onChange={onSaleChange} />
          On Sale
        </label>
        {field('salePrice', 'salePriceCents', 'Sale Price (Ksh)', (props) => (
          <ShillingsInput disabled={!values.onSale} {...props} />
        ))}
      </div>

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
        <Problems label="Image problems" messages={imageMessagesShown} />
        {images.length > 0 ? (
          <ol className="admin-previews" aria-label="Chosen images">
            {images.map((image, index) => (
              <li key={image.key} aria-label={image.name}>
                <img src={image.url} alt={`Preview of ${image.name}`} />
                <span className="admin-previews__name">{image.name}</span>
                <div className="admin-actions">
                  {image.kind === 'new'
                    ? MOVES.map(({ delta, side, arrow }) => (
                        <button
                          key={side}
                          type="button"
                          className="button button--outline"
                          aria-label={`Move ${image.name} ${side}`}
                          disabled={!canMove(index, delta)}
                          onClick={() => move(index, delta)}
                        >
                          {arrow}
                        </button>
                      ))
                    : null}
                  <button
                    type="button"
                    className="button button--outline"
                    aria-label={`Remove ${image.name}`}
                    onClick={() => removeImage(image)}
                  >
                    ×
                  </button>
                </div>
              </li>
            ))}
          </ol>
        ) : null}
      </div>

      {progress !== null ? (
        <div className="admin-progress">
          <span>{saving ? `Uploading images… ${progress}%` : 'Upload complete'}</span>
          <progress aria-label="Upload progress" max={100} value={progress} />
        </div>
      ) : null}

      <Problems label="Save problems" messages={serverMessages} />
      {savedMessage ? <p role="status">{savedMessage}</p> : null}

      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
