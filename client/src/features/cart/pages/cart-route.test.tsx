import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StopCartRemindersDocument, type StopCartRemindersMutation } from '../api/cart-reminders.generated';
import { cartMock, createCart, createCartLine } from '../../../shared/cart/testing/cart-mocks';
import { createViewer, viewerMock } from '../../../shared/session/testing/viewer-mocks';
import { STOP_REMINDERS_FAILED } from '../components/stop-cart-reminders';
import { deliveryLocationsMock, renderCartScreen } from '../testing/render-cart';
import { CartRoute } from './cart-route';

const token = 'AZB3xK9mQ0a1b2c3d4e5fg.h7Jk2LmN4pQr6StUv8Wx0y';
const stoppedMessage = 'Done. We will not remind you of your cart again.';

function stopMock(stopped: boolean, message = stoppedMessage) {
  const result = jest.fn((): { data: StopCartRemindersMutation } => ({
    data: {
      stopCartReminders: {
        __typename: 'StopMessagesPayload',
        stopped,
        message,
        errors: stopped ? [] : [{ __typename: 'FieldError', field: 'token', code: 'INVALID_TOKEN', message }],
      },
    },
  }));
  return { mock: { request: { query: StopCartRemindersDocument, variables: { token } }, result }, result };
}

const location = () => screen.getByRole('status', { name: 'Location' }).textContent;
const stopButton = () => screen.queryByRole('button', { name: 'Stop cart reminders' });

describe('CartRoute with a cart reminder link (/cart?stop=…)', () => {
  it('shows a signed-in shopper the cart with one tap to stop reminders, then drops `stop` from the address', async () => {
    const user = userEvent.setup();
    const { mock, result } = stopMock(true);
    renderCartScreen(
      <CartRoute />,
      [viewerMock(createViewer()), cartMock(createCart([createCartLine()])), deliveryLocationsMock(), mock],
      { route: `/cart?stop=${token}` },
    );

    expect(await screen.findByRole('complementary', { name: 'Order Summary' })).toBeVisible();
    const notice = screen.getByRole('complementary', { name: 'Cart reminders' });
    expect(notice).toHaveTextContent('You came here from a cart reminder.');
    expect(result).not.toHaveBeenCalled();

    await user.click(stopButton()!);

    expect(await screen.findByText(stoppedMessage)).toBeVisible();
    expect(result).toHaveBeenCalledTimes(1);
    expect(stopButton()).not.toBeInTheDocument();
    // The router commits the new address in its own render, after the answer is drawn.
    await waitFor(() => expect(location()).toBe('/cart'));
    expect(screen.getByRole('complementary', { name: 'Order Summary' })).toBeVisible();
  });

  it('lets a signed-out shopper stop reminders without signing in, and offers the sign-in for the cart', async () => {
    const user = userEvent.setup();
    const { mock, result } = stopMock(true);
    renderCartScreen(<CartRoute />, [viewerMock(null), mock], { route: `/cart?stop=${token}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Cart reminders' })).toBeVisible();
    expect(location()).toBe(`/cart?stop=${token}`);
    expect(screen.getByRole('link', { name: 'Sign in to see your cart' })).toHaveAttribute('href', '/account');

    await user.click(stopButton()!);

    expect(await screen.findByText(stoppedMessage)).toBeVisible();
    expect(result).toHaveBeenCalledTimes(1);
    expect(stopButton()).not.toBeInTheDocument();
  });

  it('says plainly when the link is invalid, and offers no retry', async () => {
    const user = userEvent.setup();
    const { mock } = stopMock(false, 'This link is invalid.');
    renderCartScreen(<CartRoute />, [viewerMock(null), mock], { route: `/cart?stop=${token}` });

    await user.click(await screen.findByRole('button', { name: 'Stop cart reminders' }));

    expect(await screen.findByText('This link is invalid.')).toBeVisible();
    expect(stopButton()).not.toBeInTheDocument();
  });

  it('keeps the button and the link when the request fails, so the shopper can try again', async () => {
    const user = userEvent.setup();
    renderCartScreen(
      <CartRoute />,
      [
        viewerMock(createViewer()),
        cartMock(createCart([])),
        deliveryLocationsMock(),
        { request: { query: StopCartRemindersDocument, variables: { token } }, error: new Error('offline') },
      ],
      { route: `/cart?stop=${token}` },
    );

    await user.click(await screen.findByRole('button', { name: 'Stop cart reminders' }));

    expect(await screen.findByText(STOP_REMINDERS_FAILED)).toBeVisible();
    expect(stopButton()).toBeEnabled();
    expect(location()).toBe(`/cart?stop=${token}`);
  });
});
