import type { ReactNode } from 'react';
import { statusLabel } from '../admin-format';

/** A coloured status pill (admin-pages.css styles each status); the status itself, capitalised, unless told. */
export function StatusBadge({ status, children }: { status: string; children?: ReactNode }) {
  return <span className={`admin-status admin-status--${status}`}>{children ?? statusLabel(status)}</span>;
}
