import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import {
  ConfirmNewsletterSubscriptionDocument,
  UnsubscribeFromNewsletterDocument,
} from '../api/newsletter-links.generated';
import { CONFIRM_LINK_MISSING, NewsletterConfirmPage } from './newsletter-confirm-page';
import { NewsletterUnsubscribePage } from './newsletter-unsubscribe-page';

function renderAt(ui: ReactElement, route: string, mocks: MockLink.MockedResponse[]) {
  return render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MockedProvider>,
  );
}

const linkError = {
  __typename: 'FieldError',
  field: 'token',
  code: 'INVALID_TOKEN',
  message: 'This confirmation link is invalid or has expired. Subscribe again in the footer to get a new one.',
};

describe('NewsletterConfirmPage', () => {
  it('confirms with the token from the link, once, and says the code is on its way', async () => {
    const result = jest.fn(() => ({
      data: {
        confirmNewsletterSubscription: {
          __typename: 'NewsletterConfirmPayload',
          confirmed: true,
          email: 'amina@example.co.ke',
          message: 'Your subscription is confirmed. Your 10% off code is on its way to your inbox.',
          errors: [],
        },
      },
    }));
    renderAt(<NewsletterConfirmPage />, '/newsletter/confirm?token=tok-123', [
      { request: { query: ConfirmNewsletterSubscriptionDocument, variables: { token: 'tok-123' } }, result },
    ]);
    expect(await screen.findByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Your 10% off code is on its way');
    expect(result).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message for an expired or unknown link", async () => {
    renderAt(<NewsletterConfirmPage />, '/newsletter/confirm?token=old', [
      {
        request: { query: ConfirmNewsletterSubscriptionDocument, variables: { token: 'old' } },
        result: {
          data: {
            confirmNewsletterSubscription: {
              __typename: 'NewsletterConfirmPayload',
              confirmed: false,
              email: null,
              message: linkError.message,
              errors: [linkError],
            },
          },
        },
      },
    ]);
    expect(await screen.findByText(linkError.message)).toBeVisible();
  });

  it('says so when the link has no token, without asking the server', () => {
    renderAt(<NewsletterConfirmPage />, '/newsletter/confirm', []);
    expect(screen.getByRole('status')).toHaveTextContent(CONFIRM_LINK_MISSING);
  });
});

describe('NewsletterUnsubscribePage', () => {
  it('does nothing on arrival, and unsubscribes when the button is pressed', async () => {
    const result = jest.fn(() => ({
      data: {
        unsubscribeFromNewsletter: {
          __typename: 'NewsletterUnsubscribePayload',
          unsubscribed: true,
          message: 'You have been unsubscribed. You will not receive the newsletter any more.',
          errors: [],
        },
      },
    }));
    renderAt(<NewsletterUnsubscribePage />, '/newsletter/unsubscribe?token=7.abc', [
      { request: { query: UnsubscribeFromNewsletterDocument, variables: { token: '7.abc' } }, result },
    ]);
    expect(result).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/You have been unsubscribed/)).toBeVisible();
    expect(result).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
