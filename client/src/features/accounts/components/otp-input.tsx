import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface OtpInputProps {
  /** One entry per box: '' or a single digit. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** Receives each box, so the form can focus the first empty one. */
  registerBox: (index: number, element: HTMLInputElement | null) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Six one-digit boxes (SPEC §2, §5): typing a digit moves on, Backspace in an empty box moves back, and a
 * pasted (or autofilled) code spreads over the boxes. Anything but digits is ignored.
 */
export function OtpInput({ digits, onChange, registerBox, invalid, describedBy }: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = digits.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `typed` digits from box `start` on and moves focus past the last one written. */
  const fillFrom = (start: number, typed: string) => {
    const next = [...digits];
    const chars = typed.slice(0, length - start).split('');
    chars.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + chars.length);
  };

  function onInput(index: number, value: string) {
    const typed = value.replace(/\D/g, '');
    if (value === '') {
      const next = [...digits];
      next[index] = '';
      onChange(next);
      return;
    }
    const previous = digits[index] ?? '';
    if (typed === '' || typed === previous) return;
    // A digit typed next to the one already there: keep the new one.
    if (typed.length === 2 && previous !== '' && typed.includes(previous)) {
      fillFrom(index, typed.replace(previous, ''));
      return;
    }
    // A whole code (autofill from an SMS/e-mail suggestion) fills every box.
    fillFrom(typed.length >= length ? 0 : index, typed);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && (digits[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted === '') return;
    fillFrom(pasted.length >= length ? 0 : index, pasted);
  }

  return (
    <div className="otp-input">
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            registerBox(index, element);
          }}
          className="otp-input__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          value={digit}
          onChange={(event) => onInput(index, event.target.value)}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
