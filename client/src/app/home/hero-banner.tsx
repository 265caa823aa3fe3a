import { useEffect, useState, type FocusEvent } from 'react';
import { Link } from 'react-router-dom';
import { usePrefersReducedMotion } from '../../shared/ui/use-media-query';
import './hero-banner.css';
import { heroSlides } from './hero-slides';

/** SPEC §9: the hero changes slide every 5 seconds. */
export const HERO_INTERVAL_MS = 5000;

/**
 * The rotating banner. It stops while the pointer is over it or focus is inside it (so nobody loses the
 * slide they are reading), when the visitor presses Pause, and entirely under prefers-reduced-motion.
 */
export function HeroBanner() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const rotating = !reducedMotion && !stopped;
  const paused = hovered || focusWithin;

  useEffect(() => {
    if (!rotating || paused) return;
    // A timeout per slide (not an interval) so a manual choice gets its full 5 seconds too.
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % heroSlides.length), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [index, rotating, paused]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocusWithin(false);
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the visitor caused them, not every 5 seconds. */}
      <div className="hero__slides" aria-live={rotating && !paused ? 'off' : 'polite'}>
        {heroSlides.map((slide, slideIndex) => (
          <div
            key={slide.title}
            className={slideIndex === index ? 'hero__slide is-active' : 'hero__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${heroSlides.length}`}
            hidden={slideIndex !== index}
          >
            <h2 className="hero__title">{slide.title}</h2>
            <p className="hero__subtitle">{slide.subtitle}</p>
            <Link to={slide.link.to} className="button hero__cta">
              {slide.link.label}
            </Link>
          </div>
        ))}
      </div>
      <div className="hero__controls">
        {reducedMotion ? null : (
          <button
            type="button"
            className="hero__toggle"
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'}
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </button>
        )}
        <div className="hero__dots">
          {heroSlides.map((slide, slideIndex) => (
            <button
              key={slide.title}
              type="button"
              className="hero__dot"
              aria-label={`Show slide ${slideIndex + 1}: ${slide.title}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              onClick={() => setIndex(slideIndex)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
