interface StatCard {
  title: string;
  value: string;
}

/** A row of figure cards (the dashboard's, a list page's statistics), each named by its title. */
export function StatCards({ label, stats }: { label: string; stats: readonly StatCard[] }) {
  return (
    <ul className="admin-cards" aria-label={label}>
      {stats.map(({ title, value }) => (
        <li key={title} aria-label={title}>
          <h2>{title}</h2>
          <p className="admin-cards__figure">{value}</p>
        </li>
      ))}
    </ul>
  );
}
