import {
  ENTER_EMAIL,
  FILL_ALL_FIELDS,
  INVALID_EMAIL,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
} from './account-messages';
import { isEmailAddress, normaliseEmail } from '../../shared/email-address';

/** What is wrong with a form, and which field to point at (it gets focus and aria-invalid). */
export interface FormProblem<Field extends string> {
  field: Field;
  message: string;
}

// Passwords are sent exactly as typed: trimming one on sign-up but not on sign-in would lock the
// customer out, and spaces are legitimate password characters.

export type LoginField = 'email' | 'password';

export function loginProblem(input: { email: string; password: string }): FormProblem<LoginField> | null {
  if (!input.email) return { field: 'email', message: FILL_ALL_FIELDS };
  if (!input.password) return { field: 'password', message: FILL_ALL_FIELDS };
  if (!isEmailAddress(input.email)) return { field: 'email', message: INVALID_EMAIL };
  return null;
}

export type RegisterField = 'first' | 'last' | 'email' | 'password';

export interface RegistrationInput {
  first: string;
  last: string;
  email: string;
  password: string;
}

export function trimRegistration(input: RegistrationInput): RegistrationInput {
  return {
    first: input.first.trim(),
    last: input.last.trim(),
    email: normaliseEmail(input.email),
    password: input.password,
  };
}

/** Checks a trimmed registration in the order of the form's fields. */
export function registrationProblem(input: RegistrationInput): FormProblem<RegisterField> | null {
  const empty = (['first', 'last', 'email', 'password'] as const).find((field) => input[field] === '');
  if (empty) return { field: empty, message: FILL_ALL_FIELDS };
  if (!isEmailAddress(input.email)) return { field: 'email', message: INVALID_EMAIL };
  if (input.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  return null;
}

export function forgotPasswordProblem(email: string): FormProblem<'email'> | null {
  if (!email) return { field: 'email', message: ENTER_EMAIL };
  if (!isEmailAddress(email)) return { field: 'email', message: INVALID_EMAIL };
  return null;
}

export type ResetField = 'password' | 'confirm';

export function resetPasswordProblem(input: { password: string; confirm: string }): FormProblem<ResetField> | null {
  if (!input.password) return { field: 'password', message: FILL_ALL_FIELDS };
  if (!input.confirm) return { field: 'confirm', message: FILL_ALL_FIELDS };
  if (input.password.length < PASSWORD_MIN_LENGTH) return { field: 'password', message: PASSWORD_TOO_SHORT };
  if (input.password !== input.confirm) return { field: 'confirm', message: PASSWORDS_DIFFER };
  return null;
}
