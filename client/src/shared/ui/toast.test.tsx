import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TOAST_DURATION_MS, ToastProvider } from './toast';
import { useToast, type ToastOptions } from './use-toast';

function Trigger({ message, options }: { message: string; options?: ToastOptions }) {
  const { showToast } = useToast();
  return (
    <button type="button" onClick={() => showToast(message, options)}>
      Show {message}
    </button>
  );
}

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a status for 3000 ms by default', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger message="Saved" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Show Saved' }));

    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(DEFAULT_TOAST_DURATION_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(DEFAULT_TOAST_DURATION_MS).toBe(3000);
  });

  it('shows errors as alerts for the duration asked, and can be dismissed early', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ToastProvider>
        <Trigger message="Broken" options={{ variant: 'error', durationMs: 5000 }} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Show Broken' }));
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show Broken' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses to work outside a provider', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Trigger message="x" />)).toThrow('useToast must be used inside <ToastProvider>');
    } finally {
      consoleError.mockRestore();
    }
  });
});
