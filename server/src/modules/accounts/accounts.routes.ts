import { Router, type Response } from 'express';
import { sendData } from '../../core/envelope';
import { accountsService, resetRequestedMessage, type SignedIn } from './accounts.service';
import { requireViewer, restRole } from './guards';
import { userFields } from './viewer';

/** The spec's sign-in answer: data with uid and role (the spec's '1' for the admin area: every team member), plus the token for API clients. */
function sendSignedIn(response: Response, { viewer, token }: SignedIn, message: string, status = 200): void {
  sendData(response, { uid: viewer.id, role: restRole(viewer.role), token, user: userFields(viewer) }, message, status);
}

export function accountsRoutes(): Router {
  const router = Router();

  router.post('/email/otp-login', async (request, response) => {
    sendData(
      response,
      await accountsService.requestSignupCode(request.ctx, request.body?.email),
      'Verification code sent',
    );
  });

  router.post('/email/otp-verify', async (request, response) => {
    await accountsService.verifySignupCode(request.ctx, request.body ?? {});
    sendData(response, { verified: true }, 'Email verified.');
  });

  router.post('/users/register', async (request, response) => {
    sendSignedIn(response, await accountsService.register(request.ctx, request.body ?? {}), 'Account created', 201);
  });

  router.post('/users/login', async (request, response) => {
    sendSignedIn(response, await accountsService.login(request.ctx, request.body ?? {}), 'Signed in');
  });

  // The spec's federated login keeps its path but needs Google's ID token: profile fields alone prove nothing.
  router.post('/users/login/email', async (request, response) => {
    sendSignedIn(response, await accountsService.loginWithGoogle(request.ctx, request.body?.credential), 'Signed in');
  });

  router.post('/users/logout', async (request, response) => {
    await accountsService.logout(request.ctx);
    sendData(response, null, 'Signed out.');
  });

  router.post('/users/forgot-password', async (request, response) => {
    await accountsService.requestPasswordReset(request.ctx, request.body?.email);
    sendData(response, null, resetRequestedMessage);
  });

  router.post('/users/reset-password', async (request, response) => {
    sendSignedIn(response, await accountsService.resetPassword(request.ctx, request.body ?? {}), 'Password changed');
  });

  router.get('/users/me', (request, response) => {
    sendData(response, userFields(requireViewer(request.ctx)), 'Signed in');
  });

  return router;
}
