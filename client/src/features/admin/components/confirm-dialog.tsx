import { useId, type ReactNode } from 'react';
import { Modal } from '../../../shared/ui/modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a focus-trapped dialog (in place of window.confirm, which tests and styling cannot reach). */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal open={open} onClose={onCancel} labelledBy={titleId} className="admin-dialog">
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="admin-dialog__actions">
        <button type="button" className="button button--outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
