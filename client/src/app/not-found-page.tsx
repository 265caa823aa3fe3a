import { Link } from 'react-router-dom';
import { PageMeta } from '../shared/ui/page-meta';

export function NotFoundPage() {
  return (
    <section className="page not-found">
      <PageMeta title="Page not found" description="Oops! The page you're looking for doesn't exist." noIndex />
      <h1>404</h1>
      <p>Oops! The page you&apos;re looking for doesn&apos;t exist.</p>
      <Link to="/" className="button">
        Go to Homepage
      </Link>
    </section>
  );
}
