import { screen } from '@testing-library/react';
import { graphQLErrorResult, requestSignupCodeMock } from '../testing/account-mocks';
import { renderAccountPage, type RenderAccountOptions } from '../testing/render-account-page';
import { RegisterPage } from './register-page';

function renderRegister(options: Partial<RenderAccountOptions> = {}) {
  return renderAccountPage(<RegisterPage />, { path: '/register', ...options });
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: /Create account|Sending code/ });

async function fill(
  user: ReturnType<typeof renderRegister>['user'],
  values: Partial<Record<'First name' | 'Last name' | 'Email' | 'Password', string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('RegisterPage', () => {
  it('has the four fields, a 6-character password minimum and a link to /login', () => {
    renderRegister();

    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(field('First name')).toBeInTheDocument();
    expect(field('Last name')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Password')).toHaveAttribute('minLength', '6');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it("says 'Please fill in all fields' for any empty or blank field, then checks the e-mail's shape", async () => {
    const result = jest.fn(() => ({
      data: { requestSignupCode: { __typename: 'CodeChallenge' as const, hash: 'h', errors: [] } },
    }));
    const { user } = renderRegister({ mocks: [requestSignupCodeMock('x@y.co', {}, { result })] });

    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(field('First name')).toHaveFocus();

    await fill(user, { 'First name': '   ', 'Last name': 'Otieno', Email: 'amina@example.com', Password: 'secret1' });
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(field('First name')).toHaveFocus();
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');

    await fill(user, { 'First name': 'Amina', Password: '' });
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(field('Password')).toHaveFocus();

    await fill(user, { Email: 'amina.example.com', Password: 'secret1' });
    await user.click(submit());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please enter a valid email address');
    expect(field('Email')).toHaveFocus();
    expect(field('Email')).toHaveAttribute('aria-describedby', alert.id);
    expect(field('First name')).not.toHaveAttribute('aria-invalid');

    await fill(user, { Email: 'amina@example.com', Password: 'abc' });
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(field('Password')).toHaveFocus();
    expect(result).not.toHaveBeenCalled();
  });

  it('asks for a code for the trimmed, lower-cased address and opens /verify-otp with the registration and hash', async () => {
    const { user, location } = renderRegister({
      mocks: [requestSignupCodeMock('amina@example.com', { hash: 'hash-1' })],
    });

    await fill(user, {
      'First name': '  Amina ',
      'Last name': ' Otieno  ',
      Email: ' Amina@Example.COM ',
      Password: 'secret 1',
    });
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Landed' });
    expect(location().href).toBe('/verify-otp');
    expect(location().state).toEqual({
      registration: { first: 'Amina', last: 'Otieno', email: 'amina@example.com', password: 'secret 1' },
      hash: 'hash-1',
    });
  });

  it("shows the server's refusal (too many e-mails) and stays", async () => {
    const tooMany = 'Too many e-mails requested from this address. Please try again in 15 minutes.';
    const { user, location } = renderRegister({
      mocks: [
        requestSignupCodeMock('amina@example.com', {
          errors: [{ field: '', code: 'RATE_LIMITED', message: tooMany }],
        }),
      ],
    });

    await fill(user, { 'First name': 'Amina', 'Last name': 'Otieno', Email: 'amina@example.com', Password: 'secret1' });
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(tooMany);
    expect(field('Email')).not.toHaveAttribute('aria-invalid');
    expect(location().href).toBe('/register');
  });

  it("falls back to 'Failed to send verification code. Please try again.', or a GraphQL error's message", async () => {
    const { user } = renderRegister({
      mocks: [
        requestSignupCodeMock('amina@example.com', {}, { result: undefined, error: new TypeError('Failed to fetch') }),
        requestSignupCodeMock('amina@example.com', {}, { result: graphQLErrorResult('Too many codes requested.') }),
      ],
    });

    await fill(user, { 'First name': 'Amina', 'Last name': 'Otieno', Email: 'amina@example.com', Password: 'secret1' });
    await user.click(submit());
    expect(await screen.findByText('Failed to send verification code. Please try again.')).toHaveAttribute(
      'role',
      'alert',
    );

    await user.click(submit());
    expect(await screen.findByText('Too many codes requested.')).toHaveAttribute('role', 'alert');
  });
});
