import type { ImageItem } from './use-product-images';

/** The buttons that move a new image one place along the preview list. */
const MOVES = [
  { delta: -1, side: 'left', arrow: '←' },
  { delta: 1, side: 'right', arrow: '→' },
] as const;

interface ImagePreviewsProps {
  images: ImageItem[];
  canMove: (index: number, delta: -1 | 1) => boolean;
  onMove: (index: number, delta: -1 | 1) => void;
  onRemove: (image: ImageItem) => void;
}

/** The product form's chosen images in order, each with its move (keyboard reachable) and remove buttons. */
export function ImagePreviews({ images, canMove, onMove, onRemove }: ImagePreviewsProps) {
  if (images.length === 0) return null;
  return (
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
                    onClick={() => onMove(index, delta)}
                  >
                    {arrow}
                  </button>
                ))
              : null}
            <button
              type="button"
              className="button button--outline"
              aria-label={`Remove ${image.name}`}
              onClick={() => onRemove(image)}
            >
              ×
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
