import { screen } from '@testing-library/react';
import { createViewer } from '../../../shared/session/testing/viewer-mocks';
import { resetPasswordMock } from '../testing/account-mocks';
import { renderAccountPage, type RenderAccountOptions } from '../testing/render-account-page';
import { ResetPasswordPage } from './reset-password-page';

function renderReset(options: Partial<RenderAccountOptions> = {}) {
  return renderAccountPage(<ResetPasswordPage />, {
    path: '/reset-password',
    at: '/reset-password?token=tok-123',
    ...options,
  });
}

const newPassword = () => screen.getByLabelText('New password');
const confirmPassword = () => screen.getByLabelText('Confirm password');
const submit = () => screen.getByRole('button', { name: /Reset Password|Saving/ });

describe('ResetPasswordPage', () => {
  it("says 'Passwords do not match' on the confirmation, and checks length and emptiness first", async () => {
    const result = jest.fn();
    const { user } = renderReset({
      mocks: [resetPasswordMock({ token: 'tok-123', password: 'secret1' }, {}, { result })],
    });

    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(newPassword()).toHaveFocus();

    await user.type(newPassword(), 'abc');
    await user.type(confirmPassword(), 'abc');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');

    await user.clear(newPassword());
    await user.clear(confirmPassword());
    await user.type(newPassword(), 'secret1');
    await user.type(confirmPassword(), 'secret2');
    await user.click(submit());

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Passwords do not match');
    expect(confirmPassword()).toHaveFocus();
    expect(confirmPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(confirmPassword()).toHaveAttribute('aria-describedby', alert.id);
    expect(result).not.toHaveBeenCalled();
  });

  it('resets with the token from the link, signs in and goes home', async () => {
    const viewer = createViewer();
    const { user, location, cachedViewer } = renderReset({
      mocks: [resetPasswordMock({ token: 'tok-123', password: 'new secret' }, { viewer })],
    });

    await user.type(newPassword(), 'new secret');
    await user.type(confirmPassword(), 'new secret');
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/');
    expect(cachedViewer()).toEqual(viewer);
  });

  it("shows the server's message and a way to a new link when the token is invalid or expired", async () => {
    const { user, location } = renderReset({
      mocks: [
        resetPasswordMock(
          { token: 'tok-123', password: 'secret1' },
          {
            errors: [{ field: 'token', code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired.' }],
          },
        ),
      ],
    });
    expect(screen.queryByRole('link', { name: 'Request a new link' })).not.toBeInTheDocument();

    await user.type(newPassword(), 'secret1');
    await user.type(confirmPassword(), 'secret1');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(location().href).toBe('/reset-password?token=tok-123');
  });

  it('explains a link without a token and offers a new one', () => {
    renderReset({ at: '/reset-password' });

    expect(screen.getByRole('alert')).toHaveTextContent('This password reset link is incomplete.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});
