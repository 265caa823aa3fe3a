import { raw, type Request, type RequestHandler, type Response } from 'express';
import { describeProblem, inputProblem, isJsonObject } from './input-check';

/** A provider's webhook body as bytes (up to 1 MB), for a signature over exactly what was sent. */
export const rawWebhookBody: RequestHandler = raw({ type: '*/*', limit: '1mb' });

/**
 * A signed webhook's JSON object, or null once the caller was answered: 401 when `isSigned` refuses the raw body
 * (nothing is read), 400 when it is not a well-formed JSON object (`null`, an array, a NUL in a string). Paystack's
 * and WhatsApp's webhooks share it; only their signatures differ.
 */
export function signedJsonBody(
  request: Request,
  response: Response,
  isSigned: (body: Buffer) => boolean,
): Record<string, unknown> | null {
  const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (!isSigned(body)) {
    response.status(401).json({ success: false, message: 'Invalid signature' });
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    response.status(400).json({ success: false, message: 'The request body is not valid JSON.' });
    return null;
  }
  if (!isJsonObject(parsed)) {
    response.status(400).json({ success: false, message: 'The request body must be a JSON object.' });
    return null;
  }
  const problem = inputProblem(parsed, 'body');
  if (problem) {
    response.status(400).json({ success: false, message: describeProblem(problem) });
    return null;
  }
  return parsed;
}
