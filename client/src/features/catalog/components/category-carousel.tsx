import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useCategoryCarouselQuery } from '../api/category-carousel.generated';
import imageSizes from '../image-sizes.json';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../shared/ui/icons';
import { NO_IMAGE_SRC } from './product-photo';
import './category-carousel.css';

// SPEC §9: the carousel scrolls by 320 px per button press.
export const CAROUSEL_SCROLL_STEP_PX = 320;

// The header's slugs (SPEC §2), so the carousel and the header lead to the same URLs. `slug` is the canonical
// slug the server's categories carry; the names and descriptions stand in until (or unless) the server answers.
const CAROUSEL_CATEGORIES = [
  {
    path: '/category/for-women',
    slug: 'for-women',
    name: 'For Women',
    description: 'Floral, fruity and oriental scents for her.',
  },
  {
    path: '/category/for-men',
    slug: 'for-men',
    name: 'For Men',
    description: 'Woody, fresh and spicy fragrances for him.',
  },
  {
    path: '/category/kids',
    slug: 'for-children',
    name: 'Kids',
    description: 'Gentle, playful fragrances for children.',
  },
  {
    path: '/category/room',
    slug: 'room-sprays',
    name: 'Room',
    description: 'Room sprays that make a home smell welcoming.',
  },
  {
    path: '/category/unisex',
    slug: 'unisex',
    name: 'Unisex',
    description: 'Scents made to be shared by everyone.',
  },
] as const;

// A card's image width comes from image-sizes.json: the server preloads the first card's image with the same sizes.
export function CategoryCarousel() {
  const headingId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { data } = useCategoryCarouselQuery();

  const cards = CAROUSEL_CATEGORIES.map((card) => {
    const category = data?.categories.find((candidate) => candidate.slug === card.slug);
    return {
      path: card.path,
      name: category?.name ?? card.name,
      description: category?.description || card.description,
      imageUrl: category?.imageUrl ?? null,
      imageSrcSet: category?.imageSrcSet ?? undefined,
    };
  });

  function scroll(direction: -1 | 1) {
    const list = listRef.current;
    if (!list) return;
    const reduceMotion =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: direction * CAROUSEL_SCROLL_STEP_PX, behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  return (
    <section className="category-carousel" aria-labelledby={headingId}>
      <div className="category-carousel__header">
        <h2 id={headingId}>Shop by Category</h2>
        <div className="category-carousel__buttons">
          <button
            type="button"
            className="category-carousel__scroll"
            onClick={() => scroll(-1)}
            aria-controls={listId}
            aria-label="Scroll categories left"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="category-carousel__scroll"
            onClick={() => scroll(1)}
            aria-controls={listId}
            aria-label="Scroll categories right"
          >
            <ChevronRightIcon />
          </button>
        </div>
      </div>
      <ul id={listId} ref={listRef} className="category-carousel__list">
        {cards.map((card, position) => (
          <li key={card.path} className="category-carousel__item">
            <Link to={card.path} className="category-card">
              <img
                src={card.imageUrl ?? NO_IMAGE_SRC}
                // The 320/640 px variants: a phone never downloads the 1280 px master for a ~300 px card.
                srcSet={card.imageUrl ? card.imageSrcSet : undefined}
                sizes={imageSizes.categoryCard}
                alt=""
                width={320}
                height={240}
                // The first card is the home page's largest early image (its LCP): fetch it at once.
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : 'auto'}
                decoding="async"
                className="category-card__image"
              />
              <h3 className="category-card__name">{card.name}</h3>
              <p className="category-card__description">{card.description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
