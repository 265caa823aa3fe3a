import type { ReactNode } from 'react';
import { FilterIcon } from '../../../shared/ui/icons';
import { Modal } from '../../../shared/ui/modal';

interface FilterToggleProps {
  open: boolean;
  /** How many filters narrow the list now, shown as "Filter (2)". */
  activeCount: number;
  /** On a phone the panel opens as a dialog; on a wide screen it shows beside the results, as `panelId`. */
  asDialog: boolean;
  panelId?: string;
  onToggle: () => void;
}

/** The button that shows or hides a list's filter panel. */
export function FilterToggle({ open, activeCount, asDialog, panelId, onToggle }: FilterToggleProps) {
  return (
    <button
      type="button"
      className="button button--outline filter-toggle"
      aria-expanded={open}
      aria-controls={open && !asDialog ? panelId : undefined}
      aria-haspopup={asDialog ? 'dialog' : undefined}
      onClick={onToggle}
    >
      <FilterIcon />
      Filter
      {activeCount > 0 ? ` (${activeCount})` : null}
    </button>
  );
}

interface FilterDrawerProps {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
}

/** On a phone, the filter panel as a drawer over the list, so the products come first on the page. */
export function FilterDrawer({ open, onClose, labelledBy, children }: FilterDrawerProps) {
  return (
    <Modal open={open} onClose={onClose} labelledBy={labelledBy} className="filter-drawer">
      {children}
      <button type="button" className="button filter-drawer__done" onClick={onClose}>
        Show results
      </button>
    </Modal>
  );
}
