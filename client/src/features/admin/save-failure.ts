import { serverMessageOr } from '../../shared/error-message';

// What the upload link raises when the server's answer is not GraphQL (see upload-link.ts).
const transportMessage = /^(Server error: \d+|No response from server\.)/;

/**
 * SPEC §8's product-save messages: the server's, 'Server error: {status}', the network message, or the
 * screen's fallback.
 */
export function saveFailureMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && transportMessage.test(error.message)) return error.message;
  return serverMessageOr(error, fallback);
}

/** Field errors as the form shows them under itself: each message once. */
export function fieldErrorMessages(errors: { message: string }[]): string[] {
  return [...new Set(errors.map((error) => error.message))];
}
