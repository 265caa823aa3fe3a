import { PageMeta } from './page-meta';

interface PlaceholderPageProps {
  title: string;
  noIndex?: boolean;
}

// Holds a route's place (heading, document title, robots rule) until its feature issue builds the screen.
export function PlaceholderPage({ title, noIndex = false }: PlaceholderPageProps) {
  return (
    <section className="page">
      <PageMeta title={title} noIndex={noIndex} />
      <h1>{title}</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}
