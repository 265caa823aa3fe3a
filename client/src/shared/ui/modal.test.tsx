import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './modal';

function Harness({ nested = false, inert = false }: { nested?: boolean; inert?: boolean }) {
  const [open, setOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy="outer-title"
        className="extra"
        inertBackground={inert}
      >
        <h2 id="outer-title">Outer</h2>
        <input aria-label="First field" />
        {nested ? (
          <button type="button" onClick={() => setInnerOpen(true)}>
            Open inner
          </button>
        ) : null}
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Modal>
      <Modal open={innerOpen} onClose={() => setInnerOpen(false)} labelledBy="inner-title" inertBackground={inert}>
        <h2 id="inner-title">Inner</h2>
        <button type="button">Inner action</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed and a labelled modal dialog in document.body while open', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Outer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveClass('modal', 'extra');
    expect(container).not.toContainElement(dialog);
    expect(screen.getByRole('textbox', { name: 'First field' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab inside and gives focus back to the opener when closed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    await user.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'First field' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape and on an overlay click, not on a click inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('heading', { name: 'Outer' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('lets Escape close only the innermost of two open dialogs', async () => {
    const user = userEvent.setup();
    render(<Harness nested />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('button', { name: 'Inner action' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('leaves the page behind reachable unless asked to make it inert', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(container).not.toHaveAttribute('inert');
  });

  it('makes the page behind inert while open, a nested dialog the outer one too, and gives each back on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness nested inert />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const outerOverlay = screen.getByRole('dialog', { name: 'Outer' }).parentElement;
    expect(container).toHaveAttribute('inert');
    expect(outerOverlay).not.toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(outerOverlay).toHaveAttribute('inert');
    expect(screen.getByRole('dialog', { name: 'Inner' }).closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(outerOverlay).not.toHaveAttribute('inert');
    expect(container).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('gives focus back where returnFocusTo says, when the opener is not the place', async () => {
    const user = userEvent.setup();
    function Elsewhere() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <button type="button" id="target">
            Target
          </button>
          <Modal
            open={open}
            onClose={() => setOpen(false)}
            labelledBy="t"
            returnFocusTo={() => document.getElementById('target')}
          >
            <h2 id="t">Dialog</h2>
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          </Modal>
        </>
      );
    }
    render(<Elsewhere />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(screen.getByRole('button', { name: 'Target' })).toHaveFocus();
  });
});
