import { useEffect, useRef, useState } from 'react';
import type { AdminProductFragment } from '../api/products.generated';
import { checkImageFiles } from '../product-form-rules';

/** An image of the product form: one the product has, or a chosen file shown from an object URL. */
export type ImageItem =
  | { key: string; kind: 'existing'; id: number; url: string; name: string }
  | { key: string; kind: 'new'; file: File; url: string; name: string };

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

/**
 * The product form's images: the product's own and newly chosen files, their order, the ids to remove and the
 * messages about refused files. Object URLs hold a file in memory until revoked: every preview is released when
 * it is removed, when the form is emptied and when the form goes away.
 */
export function useProductImages(product?: AdminProductFragment) {
  const [images, setImages] = useState<ImageItem[]>(() => existingImages(product));
  const [removeImageIds, setRemoveImageIds] = useState<number[]>([]);
  const [messages, setMessages] = useState<string[]>([]);

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

  /** Adds the acceptable files and shows why any others were refused; true when one was added. */
  function addFiles(files: File[]): boolean {
    const { accepted, messages: refused } = checkImageFiles(files, images.length);
    setMessages(refused);
    if (accepted.length === 0) return false;
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
    return true;
  }

  function removeImage(item: ImageItem) {
    if (item.kind === 'new') URL.revokeObjectURL(item.url);
    else setRemoveImageIds((current) => [...current, item.id]);
    setImages((current) => current.filter((image) => image.key !== item.key));
    setMessages([]);
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

  /** After a new product was saved: an empty list for the next one. */
  function clear() {
    for (const image of images) if (image.kind === 'new') URL.revokeObjectURL(image.url);
    setImages([]);
    setRemoveImageIds([]);
  }

  const newFiles = () => images.flatMap((image) => (image.kind === 'new' ? [image.file] : []));

  return { images, removeImageIds, messages, addFiles, removeImage, canMove, move, clear, newFiles };
}
