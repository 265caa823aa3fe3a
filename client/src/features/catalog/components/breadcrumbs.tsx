import { Link } from 'react-router-dom';
import './breadcrumbs.css';

export interface BreadcrumbStep {
  name: string;
  path: string;
}

/**
 * Home, then `trail`, the last step being the page itself (aria-current). The server writes the same trail into
 * the page's JSON-LD BreadcrumbList and its first paint (server/src/http/catalog-pages.ts, first-paint.ts).
 */
export function Breadcrumbs({ trail }: { trail: readonly BreadcrumbStep[] }) {
  const steps = [{ name: 'Home', path: '/' }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {steps.map((step, index) => (
          <li key={step.path}>
            <Link to={step.path} aria-current={index === steps.length - 1 ? 'page' : undefined}>
              {step.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
