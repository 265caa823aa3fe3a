import { screen } from '@testing-library/react';
import { requestPasswordResetMock } from '../testing/account-mocks';
import { renderAccountPage } from '../testing/render-account-page';
import { ForgotPasswordPage } from './forgot-password-page';

const SENT = 'Password reset instructions have been sent to your email.';

function renderForgot(mocks: Parameters<typeof renderAccountPage>[1]['mocks'] = []) {
  return renderAccountPage(<ForgotPasswordPage />, { path: '/forgot-password', mocks });
}

const emailField = () => screen.getByLabelText('Email');
const submit = () => screen.getByRole('button', { name: /Reset Password|Sending/ });

describe('ForgotPasswordPage', () => {
  it("has the e-mail field, 'Reset Password' and 'Back to Login'", () => {
    renderForgot();

    expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(submit()).toHaveTextContent('Reset Password');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("says 'Please enter your email address' when it is empty or blank", async () => {
    const { user } = renderForgot();

    await user.type(emailField(), '   ');
    await user.click(submit());

    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your email address');
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  });

  it("requests the reset for the trimmed, lower-cased address and shows the server's answer", async () => {
    const { user } = renderForgot([requestPasswordResetMock('amina@example.com', { ok: true, message: SENT })]);

    await user.type(emailField(), ' Amina@Example.com ');
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'An error occurred. Please try again.' when the request fails", async () => {
    const { user } = renderForgot([
      requestPasswordResetMock(
        'amina@example.com',
        { ok: true, message: SENT },
        { result: undefined, error: new TypeError('Failed to fetch') },
      ),
    ]);

    await user.type(emailField(), 'amina@example.com');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });
});
