import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createCache } from '../../../app/apollo-client';
import { StopBackInStockMessagesDocument } from '../api/back-in-stock-stop.generated';
import { BackInStockStopPage, STOP_FAILED, STOP_LINK_INVALID } from './back-in-stock-stop-page';

function renderAt(route: string, mocks: MockLink.MockedResponse[]) {
  render(
    <MockedProvider mocks={mocks} cache={createCache()} mockLinkDefaultOptions={{ delay: 0 }}>
      <MemoryRouter initialEntries={[route]}>
        <BackInStockStopPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

const stopButton = () => screen.queryByRole('button', { name: 'Stop these messages' });

function stopAnswer(stopped: boolean, message: string) {
  return {
    data: {
      stopBackInStockMessages: {
        __typename: 'StopMessagesPayload',
        stopped,
        message,
        errors: stopped ? [] : [{ __typename: 'FieldError', field: 'token', code: 'INVALID_TOKEN', message }],
      },
    },
  };
}

describe('BackInStockStopPage', () => {
  it('stops nothing on arrival, and stops the messages when the button is pressed', async () => {
    const result = jest.fn(() => stopAnswer(true, 'Done. You will get no more back-in-stock messages.'));
    renderAt('/back-in-stock/stop?token=12.abcDEF', [
      { request: { query: StopBackInStockMessagesDocument, variables: { token: '12.abcDEF' } }, result },
    ]);

    expect(screen.getByRole('heading', { level: 1, name: 'Stop back-in-stock messages' })).toBeVisible();
    expect(result).not.toHaveBeenCalled();
    await userEvent.setup().click(stopButton()!);

    expect(await screen.findByRole('status')).toHaveTextContent('Done. You will get no more back-in-stock messages.');
    expect(result).toHaveBeenCalledTimes(1);
    expect(stopButton()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });

  it('says the link is invalid when the server does not know the token, and offers no retry', async () => {
    renderAt('/back-in-stock/stop?token=forged', [
      {
        request: { query: StopBackInStockMessagesDocument, variables: { token: 'forged' } },
        result: stopAnswer(false, 'This link is invalid.'),
      },
    ]);

    await userEvent.setup().click(stopButton()!);

    expect(await screen.findByText('This link is invalid.')).toBeVisible();
    expect(stopButton()).not.toBeInTheDocument();
  });

  it('keeps the button when the request fails, so the shopper can try again', async () => {
    renderAt('/back-in-stock/stop?token=12.abcDEF', [
      {
        request: { query: StopBackInStockMessagesDocument, variables: { token: '12.abcDEF' } },
        error: new Error('offline'),
      },
    ]);

    await userEvent.setup().click(stopButton()!);

    expect(await screen.findByText(STOP_FAILED)).toBeVisible();
    expect(stopButton()).toBeEnabled();
  });

  it('says so when the link has no token, without asking the server', () => {
    renderAt('/back-in-stock/stop', []);

    expect(screen.getByRole('status')).toHaveTextContent(STOP_LINK_INVALID);
    expect(stopButton()).not.toBeInTheDocument();
  });
});
