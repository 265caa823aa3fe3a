import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '../../../shared/ui/toast';
import { createReview, createReviewMock, reviewsMock } from '../testing/review-mocks';
import { ReviewsSection } from './reviews-section';

const existing = createReview({ id: 1, title: 'First!' });
const validInput = { name: 'Achieng', rating: 4, title: 'Great value', fullReview: 'Lovely and lasts long.' };

function renderSection(mocks: MockLink.MockedResponse[]) {
  const user = userEvent.setup();
  render(
    <MockedProvider mocks={mocks}>
      <ToastProvider>
        <ReviewsSection />
      </ToastProvider>
    </MockedProvider>,
  );
  return user;
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('article');
  await user.click(screen.getByRole('button', { name: 'Write a review' }));
  return screen.getByRole('dialog', { name: 'Write a review' });
}

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; rating?: number; title?: string; fullReview?: string },
) {
  const dialog = screen.getByRole('dialog');
  if (values.rating) {
    await user.click(
      within(dialog).getByRole('radio', { name: values.rating === 1 ? '1 star' : `${values.rating} stars` }),
    );
  }
  if (values.name !== undefined) await user.type(within(dialog).getByLabelText('Nickname'), values.name);
  if (values.title !== undefined) await user.type(within(dialog).getByLabelText('Review title'), values.title);
  if (values.fullReview !== undefined) await user.type(within(dialog).getByLabelText('Your review'), values.fullReview);
}

const submitButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: /Submit review|Submitting/ });

describe('Write a review', () => {
  it('opens a labelled dialog with the four fields and returns focus to the opener on close', async () => {
    const user = renderSection([reviewsMock([existing])]);
    const dialog = await openModal(user);

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByLabelText('Nickname')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Review title')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your review')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write a review' })).toHaveFocus();
  });

  it('checks rating, nickname, title and body in that order, with the spec messages, on trimmed values', async () => {
    const user = renderSection([reviewsMock([existing])]);
    await openModal(user);
    const dialog = screen.getByRole('dialog');

    // Whitespace everywhere: nothing counts as filled in.
    await fillForm(user, { name: '   ', title: '  ', fullReview: ' \n ' });
    await user.click(submitButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide a rating.');

    await fillForm(user, { rating: 3 });
    await user.click(submitButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your nickname.');
    expect(within(dialog).getByLabelText('Nickname')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Nickname')).toHaveFocus();

    await fillForm(user, { name: 'Kamau' });
    await user.click(submitButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a review title.');

    await fillForm(user, { title: 'Nice' });
    await user.click(submitButton());
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your review.');
    expect(within(dialog).getByLabelText('Your review')).toHaveFocus();
  });

  it("sends trimmed values, shows 'Submitting...', ignores a second submit, then thanks, closes and refreshes", async () => {
    const created = createReview({ id: 2, ...validInput });
    const mutationResult = jest.fn(() => ({
      data: { createReview: { __typename: 'CreateReviewPayload' as const, review: created, errors: [] } },
    }));
    const user = renderSection([
      reviewsMock([existing]),
      createReviewMock(validInput, { review: created, errors: [] }, { result: mutationResult, delay: 1000 }),
      reviewsMock([created, existing], { count: 2, averageRating: 4.5 }),
    ]);
    await openModal(user);

    await fillForm(user, {
      rating: 4,
      name: '  Achieng ',
      title: ' Great value  ',
      fullReview: '\n Lovely and lasts long. \n',
    });
    await user.click(submitButton());

    // The server takes a second: time for the clicks below even on a loaded machine.
    expect(submitButton()).toHaveTextContent('Submitting...');
    // A second click and an Enter-style submit while the first is in flight send nothing more.
    await user.click(submitButton());
    fireEvent.submit(submitButton().closest('form')!);

    expect(await screen.findByText('Thank you for your review!')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your review!').closest('[role="status"]')).not.toBeNull();
    expect(mutationResult).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Write a review' })).toHaveFocus();

    // The list is fetched again and shows the new review first.
    expect(await screen.findByRole('heading', { name: 'Great value' })).toBeInTheDocument();
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Great value',
      'First!',
    ]);
  });

  it('toasts the server message for 5 seconds when the server rejects the review, keeping the form', async () => {
    const user = renderSection([
      reviewsMock([existing]),
      createReviewMock(validInput, {
        review: null,
        errors: [
          {
            __typename: 'FieldError',
            field: 'title',
            code: 'TOO_LONG',
            message: 'Please keep this under 120 characters.',
          },
        ],
      }),
    ]);
    await openModal(user);
    await fillForm(user, validInput);
    await user.click(submitButton());

    const message = 'Please keep this under 120 characters.';
    await screen.findAllByText(message);
    const dialog = screen.getByRole('dialog');
    const alerts = screen.getAllByRole('alert').filter((alert) => alert.textContent?.includes(message));
    // Once as a toast outside the dialog, once beside the form field it concerns.
    expect(alerts.filter((alert) => !dialog.contains(alert))).toHaveLength(1);
    expect(alerts.filter((alert) => dialog.contains(alert))).toHaveLength(1);
    expect(within(screen.getByRole('dialog')).getByLabelText('Review title')).toHaveAttribute('aria-invalid', 'true');
    expect(submitButton()).toHaveTextContent('Submit review');
  });

  it('toasts the message of a GraphQL error (e.g. the rate limit) and keeps it for 5 seconds, not 3', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(
        <MockedProvider
          mocks={[
            reviewsMock([existing], undefined, { delay: 0 }),
            createReviewMock(
              validInput,
              { review: null, errors: [] },
              {
                delay: 0,
                result: {
                  errors: [
                    {
                      message: 'Too many reviews from this address. Try again later.',
                      extensions: { code: 'TOO_MANY_REQUESTS' },
                    },
                  ],
                },
              },
            ),
          ]}
        >
          <ToastProvider>
            <ReviewsSection />
          </ToastProvider>
        </MockedProvider>,
      );
      await openModal(user);
      await fillForm(user, validInput);
      await user.click(submitButton());

      const message = 'Too many reviews from this address. Try again later.';
      const toast = await screen.findByText(message);
      expect(toast.closest('[role="alert"]')).not.toBeNull();
      act(() => jest.advanceTimersByTime(4000));
      expect(screen.getByText(message)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it("falls back to 'Failed to submit review. Please try again.' when the server cannot be reached", async () => {
    const user = renderSection([
      reviewsMock([existing]),
      createReviewMock(
        validInput,
        { review: null, errors: [] },
        { result: undefined, error: new TypeError('Failed to fetch') },
      ),
    ]);
    await openModal(user);
    await fillForm(user, validInput);
    await user.click(submitButton());

    const toast = await screen.findByText('Failed to submit review. Please try again.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Submit review');
  });
});
