import { useEffect, useId, useRef, type PointerEvent } from 'react';
import type { ProductPhoto_ImageFragment } from '../api/product-photo.generated';
import { Modal } from '../../../shared/ui/modal';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../../../shared/ui/icons';
import { GalleryThumbnails } from './gallery-thumbnails';
import { ProductPhoto } from './product-photo';
import './gallery-viewer.css';

interface GalleryViewerProps {
  images: readonly ProductPhoto_ImageFragment[];
  productName: string;
  /** The image shown; the owner keeps it so a page's inline gallery follows what was viewed full-screen. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

// A horizontal drag shorter than this is a tap or a wobble, not a swipe.
const SWIPE_THRESHOLD_PX = 40;

/**
 * Full-screen image viewer, rendered only while open: previous/next (wrapping), thumbnails, close,
 * ←/→/Escape, swipe. The Modal traps focus and hands it back to the opener on close.
 */
export function GalleryViewer({ images, productName, index, onIndexChange, onClose }: GalleryViewerProps) {
  const titleId = useId();
  const count = images.length;
  const current = images[Math.min(Math.max(index, 0), count - 1)];
  const swipeStart = useRef<{ x: number; y: number; pointerId: number } | null>(null);

  const show = (next: number) => onIndexChange((next + count) % count);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || count < 2) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onIndexChange((index + (event.key === 'ArrowLeft' ? -1 : 1) + count) % count);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    swipeStart.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.pointerId !== event.pointerId || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    // Dragging the picture to the left brings in the next one, as on a phone's photo app.
    show(dx < 0 ? index + 1 : index - 1);
  }

  if (!current) return null;

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="gallery-viewer">
      <div className="gallery-viewer__bar">
        <h2 id={titleId} className="gallery-viewer__title">
          {productName} <span className="visually-hidden">image gallery</span>
        </h2>
        <p className="gallery-viewer__counter" aria-live="polite">
          Image {index + 1} of {count}
        </p>
        <button type="button" className="gallery-viewer__icon-button" onClick={onClose} aria-label="Close gallery">
          <CloseIcon />
        </button>
      </div>
      <div
        className="gallery-viewer__stage"
        data-testid="gallery-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {count > 1 ? (
          <button
            type="button"
            className="gallery-viewer__icon-button gallery-viewer__nav gallery-viewer__nav--prev"
            onClick={() => show(index - 1)}
            aria-label="Previous image"
          >
            <ChevronLeftIcon />
          </button>
        ) : null}
        <ProductPhoto
          key={current.id}
          image={current}
          alt={`${productName}, image ${index + 1} of ${count}`}
          sizes="100vw"
          priority
          className="gallery-viewer__image"
        />
        {count > 1 ? (
          <button
            type="button"
            className="gallery-viewer__icon-button gallery-viewer__nav gallery-viewer__nav--next"
            onClick={() => show(index + 1)}
            aria-label="Next image"
          >
            <ChevronRightIcon />
          </button>
        ) : null}
      </div>
      <GalleryThumbnails
        images={images}
        index={index}
        onSelect={show}
        className="gallery-viewer__thumbs"
        label="Thumbnails"
      />
    </Modal>
  );
}
