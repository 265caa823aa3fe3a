import { PageMeta } from '../../../shared/ui/page-meta';

const cards = ['Total Products', 'Pending Orders', 'Total Sales'] as const;

// Figures and the Recent Users list arrive with the admin issue once the server exposes them.
export function DashboardPage() {
  return (
    <section>
      <PageMeta title="Dashboard" />
      <h1>Dashboard</h1>
      <ul className="admin-cards">
        {cards.map((card) => (
          <li key={card}>
            <h2>{card}</h2>
            <p className="muted">—</p>
          </li>
        ))}
      </ul>
      <h2>Recent Users</h2>
      <p className="muted">Coming soon.</p>
    </section>
  );
}
