import type { ComponentProps } from 'react';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
}

/** A labelled input: the label wraps it, so clicking the text focuses the field. */
export function TextField({ label, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} />
    </label>
  );
}
