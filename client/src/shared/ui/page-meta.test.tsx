import { render } from '@testing-library/react';
import { PageMeta } from './page-meta';

// What the server writes into a product page's head (server/src/http/page-html.ts), each tag marked data-ssr.
const serverHead = `
  <title data-ssr>Oud Royale | Manukato</title>
  <meta name="description" content="From the server" data-ssr>
  <meta name="keywords" content="oud, perfume" data-ssr>
  <link rel="canonical" href="https://manukato.example/product/1" data-ssr>
  <meta property="og:title" content="Oud Royale | Manukato" data-ssr>
  <meta property="og:description" content="From the server" data-ssr>
  <meta property="og:image" content="https://manukato.example/uploads/oud.webp" data-ssr>
  <meta name="twitter:title" content="Oud Royale | Manukato" data-ssr>
  <meta name="twitter:description" content="From the server" data-ssr>
  <meta name="robots" content="noindex" data-ssr>
  <script type="application/ld+json" data-ssr>{}</script>`;

function contents(selector: string) {
  return [...document.head.querySelectorAll(selector)].map((node) => node.getAttribute('content'));
}

beforeEach(() => {
  document.head.innerHTML = serverHead;
});

afterEach(() => {
  document.head.innerHTML = '';
});

describe('PageMeta', () => {
  it("replaces the server's title, description, Open Graph and Twitter texts: one of each, the page's own", () => {
    render(<PageMeta title="Oud Royale" description="From the client" />);

    expect([...document.head.querySelectorAll('title')].map((node) => node.textContent)).toEqual([
      'Oud Royale | Manukato',
    ]);
    expect(document.title).toBe('Oud Royale | Manukato');
    expect(contents('meta[name="description"]')).toEqual(['From the client']);
    expect(contents('meta[property="og:title"]')).toEqual(['Oud Royale | Manukato']);
    expect(contents('meta[property="og:description"]')).toEqual(['From the client']);
    expect(contents('meta[name="twitter:title"]')).toEqual(['Oud Royale | Manukato']);
    expect(contents('meta[name="twitter:description"]')).toEqual(['From the client']);
    // This page is indexable: the server's noindex does not outlive the start.
    expect(contents('meta[name="robots"]')).toEqual([]);
  });

  it('keeps what it does not write itself: keywords, canonical, image and structured data', () => {
    render(<PageMeta title="Oud Royale" description="From the client" />);

    expect(contents('meta[name="keywords"]')).toEqual(['oud, perfume']);
    expect(contents('meta[property="og:image"]')).toEqual(['https://manukato.example/uploads/oud.webp']);
    expect(document.head.querySelectorAll('link[rel="canonical"], script[type="application/ld+json"]')).toHaveLength(2);
  });

  it('gives a page without its own description the shop-wide one, and one noindex where asked', () => {
    const { rerender } = render(<PageMeta title="Shopping Cart" noIndex />);
    expect(contents('meta[name="description"]')).toEqual([
      'Perfumes, fragrances and room sprays for women, men and children, delivered across Kenya. Prices in Ksh.',
    ]);
    expect(contents('meta[name="robots"]')).toEqual(['noindex']);

    // The next page's head replaces this one's, still one of each.
    rerender(<PageMeta title="Login" description="Sign in" noIndex />);
    expect(document.title).toBe('Login | Manukato');
    expect(contents('meta[name="description"]')).toEqual(['Sign in']);
    expect(contents('meta[name="robots"]')).toEqual(['noindex']);
  });
});
