import { withExpectedFailures } from '../../core/payload';
import { type ActionResult, type AuthPayload } from './accounts.inputs';
import type { SignedIn } from './accounts.service';

/** A sign-in's answer: the viewer and token, or the failures a user must see. */
export async function authPayload(work: () => Promise<SignedIn>): Promise<AuthPayload> {
  const { value, errors } = await withExpectedFailures(work);
  return { viewer: value?.viewer ?? null, token: value?.token ?? null, errors };
}

/** An action's answer: ok with `message`, or the first failure's message with every failure. */
export async function actionResult(
  work: () => Promise<unknown>,
  message: string,
  options?: Parameters<typeof withExpectedFailures>[1],
): Promise<ActionResult> {
  const { errors } = await withExpectedFailures(work, options);
  return { ok: errors.length === 0, message: errors[0]?.message ?? message, errors };
}
