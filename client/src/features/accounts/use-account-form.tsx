import { useCallback, useRef, useState } from 'react';

export interface ShownProblem<Field extends string> {
  /** The field to mark invalid and focus; none for a problem with the whole form (e.g. wrong password). */
  field?: Field;
  message: string;
}

/**
 * The error and submitting state every account form shares: one alert under the form, described-by links
 * from the invalid field, focus moved to it, and a submit that cannot run twice at once.
 */
export function useAccountForm<Field extends string>(formId: string) {
  const [problem, setProblem] = useState<(ShownProblem<Field> & { serial: number }) | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // State updates land on the next render; the ref stops a double click or Enter in the same tick.
  const submittingRef = useRef(false);
  const serial = useRef(0);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const errorId = `${formId}-error`;

  const showProblem = useCallback((next: ShownProblem<Field> | null) => {
    // A new serial remounts the alert, so the same message after a second attempt is announced again.
    setProblem(next ? { ...next, serial: ++serial.current } : null);
    if (next?.field) fields.current[next.field]?.focus();
  }, []);

  const fieldProps = (field: Field) => ({
    name: field,
    ref: (element: HTMLInputElement | null) => {
      fields.current[field] = element;
    },
    'aria-invalid': problem?.field === field ? true : undefined,
    'aria-describedby': problem?.field === field ? errorId : undefined,
  });

  const runSubmit = useCallback(async (task: () => Promise<void>) => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      await task();
    } finally {
      submittingRef.current = false;
      setSubmitting(false);
    }
  }, []);

  const alert = problem ? (
    <p key={problem.serial} id={errorId} role="alert" className="form-error">
      {problem.message}
    </p>
  ) : null;

  return { problem, showProblem, fieldProps, submitting, runSubmit, alert, errorId };
}
