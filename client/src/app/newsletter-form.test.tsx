import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SubscribeToNewsletterDocument, type SubscribeToNewsletterMutation } from './api/newsletter.generated';
import { NEWSLETTER_FAILED, NewsletterForm } from './newsletter-form';

type Payload = Omit<SubscribeToNewsletterMutation['subscribeToNewsletter'], '__typename'>;

function subscribeMock(email: string, payload: Payload, extra: Partial<MockLink.MockedResponse> = {}) {
  return {
    request: { query: SubscribeToNewsletterDocument, variables: { email } },
    result: { data: { subscribeToNewsletter: { __typename: 'NewsletterPayload', ...payload } } },
    ...extra,
  };
}

function renderForm(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <NewsletterForm />
    </MockedProvider>,
  );
  return user;
}

const input = () => screen.getByRole('textbox', { name: 'Email address' });
const status = () => screen.getByRole('status');

describe('NewsletterForm', () => {
  it('requires an e-mail address', () => {
    renderForm([]);
    expect(input()).toBeRequired();
    expect(input()).toHaveAttribute('type', 'email');
  });

  it("subscribes the address and shows the server's message", async () => {
    const result = jest.fn(() => ({
      data: {
        subscribeToNewsletter: {
          __typename: 'NewsletterPayload' as const,
          subscribed: true,
          message: 'Thanks! Check your inbox for 10% off your first purchase.',
          errors: [],
        },
      },
    }));
    const user = renderForm([
      subscribeMock('amina@example.co.ke', { subscribed: true, message: '', errors: [] }, { result }),
    ]);

    await user.type(input(), 'amina@example.co.ke');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Thanks! Check your inbox for 10% off your first purchase.')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Thanks! Check your inbox');
    expect(result).toHaveBeenCalledTimes(1);
    expect(input()).toHaveValue('');
    expect(input()).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field error, e.g. 'Please enter a valid email address'", async () => {
    const user = renderForm([
      subscribeMock('amina@example', {
        subscribed: false,
        message: 'Please enter a valid email address',
        errors: [
          { __typename: 'FieldError', field: 'email', code: 'INVALID', message: 'Please enter a valid email address' },
        ],
      }),
    ]);

    await user.type(input(), 'amina@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveValue('amina@example');
  });

  it('says so when the request fails', async () => {
    const user = renderForm([
      subscribeMock(
        'a@b.co',
        { subscribed: false, message: '', errors: [] },
        { result: undefined, error: new Error('offline') },
      ),
    ]);

    await user.type(input(), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    expect(await screen.findByText(NEWSLETTER_FAILED)).toBeInTheDocument();
  });
});
