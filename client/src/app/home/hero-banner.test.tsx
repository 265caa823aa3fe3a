import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HERO_INTERVAL_MS, HeroBanner } from './hero-banner';
import { heroSlides } from './hero-slides';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
}

function renderHero() {
  render(
    <MemoryRouter>
      <HeroBanner />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Featured collections' });
}

const visibleTitle = () => screen.getByRole('heading', { level: 2 }).textContent;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('HeroBanner', () => {
  const originalMatchMedia = window.matchMedia;

  beforeEach(() => {
    jest.useFakeTimers();
    mockReducedMotion(false);
  });

  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = originalMatchMedia;
  });

  it('has 4 slides with a title and subtitle each, and labelled slide buttons', () => {
    renderHero();
    expect(heroSlides).toHaveLength(4);
    expect(visibleTitle()).toBe(heroSlides[0].title);
    expect(screen.getByText(heroSlides[0].subtitle)).toBeVisible();
    const dots = heroSlides.map((slide, index) =>
      screen.getByRole('button', { name: `Show slide ${index + 1}: ${slide.title}` }),
    );
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[1]).not.toHaveAttribute('aria-current');
  });

  it('advances every 5000 ms and wraps around after the fourth slide', () => {
    renderHero();
    advance(HERO_INTERVAL_MS - 1);
    expect(visibleTitle()).toBe(heroSlides[0].title);
    advance(1);
    expect(visibleTitle()).toBe(heroSlides[1].title);
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe(heroSlides[2].title);
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe(heroSlides[3].title);
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe(heroSlides[0].title);
  });

  it('pauses while hovered and resumes with a full interval when the pointer leaves', () => {
    const hero = renderHero();
    advance(3000);
    fireEvent.mouseEnter(hero);
    advance(HERO_INTERVAL_MS * 3);
    expect(visibleTitle()).toBe(heroSlides[0].title);

    fireEvent.mouseLeave(hero);
    advance(HERO_INTERVAL_MS - 1);
    expect(visibleTitle()).toBe(heroSlides[0].title);
    advance(1);
    expect(visibleTitle()).toBe(heroSlides[1].title);
  });

  it('pauses while focus is inside it', () => {
    renderHero();
    act(() => screen.getByRole('button', { name: /Show slide 3/ }).focus());
    advance(HERO_INTERVAL_MS * 2);
    expect(visibleTitle()).toBe(heroSlides[0].title);

    act(() => (document.activeElement as HTMLElement).blur());
    advance(HERO_INTERVAL_MS);
    expect(visibleTitle()).toBe(heroSlides[1].title);
  });

  it('shows the slide a button names', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: /Show slide 3/ }));
    expect(visibleTitle()).toBe(heroSlides[2].title);
    expect(screen.getByRole('button', { name: /Show slide 3/ })).toHaveAttribute('aria-current', 'true');
  });

  it('stops and starts with the pause button', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    advance(HERO_INTERVAL_MS * 2);
    expect(visibleTitle()).toBe(heroSlides[0].title);
  });

  it('does not rotate under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    renderHero();
    advance(HERO_INTERVAL_MS * 3);
    expect(visibleTitle()).toBe(heroSlides[0].title);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
    // Slides stay reachable by hand.
    fireEvent.click(screen.getByRole('button', { name: /Show slide 2/ }));
    expect(visibleTitle()).toBe(heroSlides[1].title);
  });
});
