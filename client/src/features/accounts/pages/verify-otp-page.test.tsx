import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createViewer } from '../../../shared/session/testing/viewer-mocks';
import type { OtpState } from '../otp-state';
import {
  graphQLErrorResult,
  registerMock,
  requestSignupCodeMock,
  verifySignupCodeMock,
} from '../testing/account-mocks';
import { renderAccountPage, type RenderAccountOptions } from '../testing/render-account-page';
import { VerifyOtpPage } from './verify-otp-page';

const registration = { first: 'Amina', last: 'Otieno', email: 'amina@example.com', password: 'secret1' };
const otpState: OtpState = { registration, hash: 'hash-1' };

function renderVerify(options: Partial<RenderAccountOptions> = {}) {
  return renderAccountPage(<VerifyOtpPage />, {
    path: '/verify-otp',
    at: { pathname: '/verify-otp', state: otpState },
    ...options,
  });
}

const boxes = () => within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
const codeOf = () =>
  boxes()
    .map((box) => (box as HTMLInputElement).value)
    .join('');
const verifyButton = () => screen.getByRole('button', { name: /Verify Email|Verifying/ });
const resendButton = () => screen.getByRole('button', { name: /Resend Code|Sending/ });

describe('VerifyOtpPage', () => {
  it.each([
    ['no state', undefined],
    ['no hash', { registration }],
    ['no registration', { hash: 'hash-1' }],
    ['an incomplete registration', { registration: { ...registration, password: '' }, hash: 'hash-1' }],
  ])('sends a visit with %s to /register', (_case, state) => {
    const { location } = renderVerify({ at: { pathname: '/verify-otp', state } });

    expect(screen.getByRole('heading', { name: 'Landed' })).toBeInTheDocument();
    expect(location().href).toBe('/register');
  });

  it('names the address, and tells an account holder the e-mail says how to sign in instead', () => {
    renderVerify();

    expect(screen.getByText(/Enter the 6-digit code we sent to/)).toHaveTextContent('amina@example.com');
    // The server answers alike whether or not the address has an account: every visitor lands here.
    expect(
      screen.getByText(
        'Already have an account with this address? Then the e-mail tells you how to sign in or reset your password instead.',
      ),
    ).toBeInTheDocument();
  });

  it('shows six numeric one-digit boxes; typing a digit moves on and anything else is refused', async () => {
    const { user } = renderVerify();

    expect(screen.getByRole('heading', { level: 1, name: 'Verify Email' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    for (const box of boxes()) expect(box).toHaveAttribute('inputMode', 'numeric');
    expect(boxes()[0]).toHaveAccessibleName('Digit 1 of 6');

    await user.click(boxes()[0]!);
    await user.keyboard('a');
    expect(boxes()[0]).toHaveValue('');
    expect(boxes()[0]).toHaveFocus();

    await user.keyboard('4');
    expect(boxes()[0]).toHaveValue('4');
    expect(boxes()[1]).toHaveFocus();
    await user.keyboard('-2');
    expect(boxes()[1]).toHaveValue('2');
    expect(boxes()[2]).toHaveFocus();

    // Typing over a filled box keeps one digit: the new one.
    await user.click(boxes()[0]!);
    await user.keyboard('9');
    expect(boxes()[0]).toHaveValue('9');
    expect(codeOf()).toBe('92');
  });

  it('moves back on Backspace in an empty box, and clears a filled one first', async () => {
    const { user } = renderVerify();
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    expect(boxes()[2]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
    expect(codeOf()).toBe('12');

    await user.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveValue('');
    expect(boxes()[1]).toHaveFocus();

    await user.keyboard('{Backspace}');
    expect(boxes()[0]).toHaveFocus();
    expect(codeOf()).toBe('1');
  });

  it('fills every box from a pasted six-digit code, wherever it is pasted', async () => {
    const { user } = renderVerify();
    await user.click(boxes()[3]!);

    await user.paste('12 34-56');

    expect(boxes().map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(boxes()[5]).toHaveFocus();

    await user.click(boxes()[2]!);
    await user.paste('abc');
    expect(codeOf()).toBe('123456');
  });

  it("says 'Please enter all digits of the OTP' and focuses the first empty box, sending nothing", async () => {
    const result = jest.fn(() => ({
      data: { verifySignupCode: { __typename: 'ActionResult' as const, ok: true, message: '', errors: [] } },
    }));
    const { user } = renderVerify({
      mocks: [
        verifySignupCodeMock({ email: registration.email, otp: '123456', hash: 'hash-1' }, { ok: true }, { result }),
      ],
    });
    await user.click(boxes()[0]!);
    await user.keyboard('12');
    await user.click(boxes()[3]!);
    await user.keyboard('456');

    await user.click(verifyButton());

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter all digits of the OTP');
    expect(boxes()[2]).toHaveFocus();
    expect(boxes()[0]).toHaveAttribute('aria-invalid', 'true');
    expect(boxes()[0]).toHaveAttribute('aria-describedby', alert.id);
    expect(result).not.toHaveBeenCalled();
  });

  it('verifies the code, registers with the hash, signs in and goes home', async () => {
    const viewer = createViewer();
    const register = jest.fn(() => ({
      data: { register: { __typename: 'AuthPayload' as const, viewer, errors: [] } },
    }));
    const { user, location, cachedViewer } = renderVerify({
      mocks: [
        verifySignupCodeMock({ email: 'amina@example.com', otp: '123456', hash: 'hash-1' }, { ok: true }),
        registerMock({ ...registration, hash: 'hash-1' }, {}, { result: register }),
      ],
    });
    await user.click(boxes()[0]!);
    await user.paste('123456');

    await user.click(verifyButton());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(register).toHaveBeenCalledTimes(1);
    expect(location().href).toBe('/');
    // Replaced, so the registration (password included) leaves the history entry.
    expect(location().navigationType).toBe('REPLACE');
    expect(location().state).toBeNull();
    expect(cachedViewer()).toEqual(viewer);
  });

  it.each([
    [
      "the server's reason",
      { ok: false, errors: [{ field: 'otp', code: 'INVALID_CODE', message: 'Invalid or expired code.' }] },
      undefined,
      'Invalid or expired code.',
    ],
    [
      'the fallback',
      { ok: true },
      { result: undefined, error: new TypeError('Failed to fetch') },
      'Verification failed. Please try again.',
    ],
  ])('shows %s when verification fails, and registers nobody', async (_case, outcome, extra, message) => {
    const register = jest.fn();
    const { user, location } = renderVerify({
      mocks: [
        verifySignupCodeMock({ email: 'amina@example.com', otp: '000000', hash: 'hash-1' }, outcome, extra),
        registerMock({ ...registration, hash: 'hash-1' }, {}, { result: register }),
      ],
    });
    await user.click(boxes()[0]!);
    await user.paste('000000');
    await user.click(verifyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(register).not.toHaveBeenCalled();
    expect(location().href).toBe('/verify-otp');
    expect(verifyButton()).toHaveTextContent('Verify Email');
  });

  it("shows register's refusal (e-mail taken meanwhile)", async () => {
    const { user } = renderVerify({
      mocks: [
        verifySignupCodeMock({ email: 'amina@example.com', otp: '123456', hash: 'hash-1' }, { ok: true }),
        registerMock(
          { ...registration, hash: 'hash-1' },
          { errors: [{ field: 'email', code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' }] },
        ),
      ],
    });
    await user.click(boxes()[0]!);
    await user.paste('123456');
    await user.click(verifyButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  describe('countdown and Resend Code', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const timer = () => screen.queryByRole('timer');
    const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

    it('counts down from 5:00, enables Resend at 0, and a resend restarts at 5:00 with the new hash', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const viewer = createViewer();
      const { location } = renderVerify({
        user,
        mocks: [
          requestSignupCodeMock('amina@example.com', { hash: 'hash-2' }),
          verifySignupCodeMock({ email: 'amina@example.com', otp: '654321', hash: 'hash-2' }, { ok: true }),
          registerMock({ ...registration, hash: 'hash-2' }, { viewer }),
        ],
      });

      expect(timer()).toHaveTextContent('5:00');
      expect(resendButton()).toBeDisabled();
      advance(1000);
      expect(timer()).toHaveTextContent('4:59');
      advance(58_000);
      expect(timer()).toHaveTextContent('4:01');
      advance(240_000);
      expect(timer()).toHaveTextContent('0:01');
      expect(resendButton()).toBeDisabled();
      advance(1000);
      expect(timer()).not.toBeInTheDocument();
      expect(resendButton()).toBeEnabled();

      await user.click(resendButton());

      expect(await screen.findByRole('status')).toHaveTextContent('A new verification code has been sent');
      expect(timer()).toHaveTextContent('5:00');
      expect(resendButton()).toBeDisabled();
      expect(location().href).toBe('/verify-otp');
      expect(location().navigationType).toBe('REPLACE');
      expect(location().state).toEqual({ registration, hash: 'hash-2' });
      advance(1000);
      expect(timer()).toHaveTextContent('4:59');

      // The new hash is the one verified and registered with.
      await user.click(boxes()[0]!);
      await user.paste('654321');
      await user.click(verifyButton());
      expect(await screen.findByRole('heading', { name: 'Landed' })).toBeInTheDocument();
      expect(location().href).toBe('/');
    });

    it.each([
      [
        "the server's message",
        { result: graphQLErrorResult('Too many codes requested. Try again later.') },
        'Too many codes requested. Try again later.',
      ],
      [
        'the fallback',
        { result: undefined, error: new TypeError('Failed to fetch') },
        'Failed to resend OTP. Please try again.',
      ],
    ])('shows %s when the resend fails, keeping the old hash', async (_case, extra, message) => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { location } = renderVerify({
        user,
        mocks: [requestSignupCodeMock('amina@example.com', { hash: 'hash-2' }, extra)],
      });
      advance(300_000);

      await user.click(resendButton());

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(location().state).toEqual(otpState);
      expect(resendButton()).toBeEnabled();
    });
  });
});
