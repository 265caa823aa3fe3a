import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ToastContext, type ToastOptions, type ToastVariant } from './use-toast';
import './toast.css';

/** SPEC §9: a toast stays 3 seconds unless its caller says otherwise (review submit errors stay 5). */
export const DEFAULT_TOAST_DURATION_MS = 3000;

interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  durationMs: number;
}

/** Shows toasts raised with useToast() anywhere below it, stacked at the bottom of the screen. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback((message: string, options: ToastOptions = {}) => {
    const toast: Toast = {
      id: nextId.current++,
      message,
      variant: options.variant ?? 'info',
      durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS,
    };
    setToasts((current) => [...current, toast]);
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region">
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastMessage({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  // Errors interrupt a screen reader (alert); confirmations wait their turn (status).
  return (
    <div role={toast.variant === 'error' ? 'alert' : 'status'} className={`toast toast--${toast.variant}`}>
      <span>{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
