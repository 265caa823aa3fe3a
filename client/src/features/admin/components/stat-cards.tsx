interface StatCard {
  title: string;
  value: string;
  /** What the figure counts, or how it moved: a line under it. */
  note?: string;
}

/** A row of figure cards (the dashboard's, a list page's statistics), each named by its title. */
export function StatCards({ label, stats }: { label: string; stats: readonly StatCard[] }) {
  return (
    <ul className="admin-cards" aria-label={label}>
      {stats.map(({ title, value, note }) => (
        <li key={title} aria-label={title}>
          <h2>{title}</h2>
          <p className="admin-cards__figure">{value}</p>
          {note ? <p className="admin-cards__note">{note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
