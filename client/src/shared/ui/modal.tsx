import { useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBodyScrollLock } from './use-body-scroll-lock';
import { useFocusTrap } from './use-focus-trap';
import './modal.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog, usually its heading. */
  labelledBy: string;
  children: ReactNode;
  /** Classes for the dialog box (the overlay keeps `modal-overlay`). */
  className?: string;
  /**
   * Makes the page behind inert while open. Not the default: a dialog that raises toasts while open (a review's
   * errors) would make their live region inert too, and screen readers would not read them.
   */
  inertBackground?: boolean;
  /** Where focus returns on close when not the element focused at opening (which may be gone or disabled). */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * A modal dialog rendered into document.body: focus moves in and stays in while open and returns to the
 * opener on close; Escape and a click on the overlay close it; the page behind does not scroll.
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  children,
  className,
  inertBackground = false,
  returnFocusTo,
}: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  // A press that starts inside the dialog and ends on the overlay (selecting text) must not close it.
  const pressStartedInside = useRef(false);
  useFocusTrap(dialogRef, open, onClose, { inertOutside: inertBackground, returnFocusTo });
  useBodyScrollLock(open);

  if (!open) return null;

  function onOverlayMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressStartedInside.current = event.target !== event.currentTarget;
  }

  function onOverlayClick(event: MouseEvent<HTMLDivElement>) {
    const startedInside = pressStartedInside.current;
    pressStartedInside.current = false;
    if (event.target === event.currentTarget && !startedInside) onClose();
  }

  return createPortal(
    // The overlay is a pointer convenience; keyboard users close with Escape or the dialog's own button.
    <div
      className="modal-overlay"
      data-testid="modal-overlay"
      onMouseDown={onOverlayMouseDown}
      onClick={onOverlayClick}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={className ? `modal ${className}` : 'modal'}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
