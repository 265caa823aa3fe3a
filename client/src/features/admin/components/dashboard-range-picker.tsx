import { useState, type FormEvent } from 'react';
import type { DashboardRange } from '../dashboard-range';

const presets: readonly [DashboardRange['period'], string][] = [
  ['TODAY', 'Today'],
  ['LAST_7_DAYS', '7 days'],
  ['LAST_30_DAYS', '30 days'],
];

/**
 * Today, 7 or 30 days ending today (the shop's calendar, decided by the server), or a custom from–to, both days
 * included. The server checks the custom range and says what is wrong with it.
 */
export function DashboardRangePicker({
  range,
  onChange,
}: {
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}) {
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');

  function showCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange({ period: 'CUSTOM', from, to });
  }

  return (
    <form className="admin-range" aria-label="Range" onSubmit={showCustom}>
      <div role="group" aria-label="Period" className="admin-range__presets">
        {presets.map(([period, label]) => (
          <button
            key={period}
            type="button"
            className={range.period === period ? 'button' : 'button button--outline'}
            aria-pressed={range.period === period}
            onClick={() => onChange({ period })}
          >
            {label}
          </button>
        ))}
      </div>
      <label>
        From <input type="date" value={from} required onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label>
        To <input type="date" value={to} required onChange={(event) => setTo(event.target.value)} />
      </label>
      <button type="submit" className={range.period === 'CUSTOM' ? 'button' : 'button button--outline'}>
        Show range
      </button>
    </form>
  );
}
