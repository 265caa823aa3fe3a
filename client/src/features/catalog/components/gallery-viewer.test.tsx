import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createImage, createProduct } from '../testing/factories';
import { installPointerEvent } from '../testing/pointer-event';
import { ProductCard } from './product-card';

beforeAll(installPointerEvent);

function renderCardWithImages(count: number) {
  const images = Array.from({ length: count }, (_, index) => createImage({ id: `rose-${index + 1}` }));
  render(
    <MemoryRouter>
      <ProductCard product={createProduct({ name: 'Rose Oud', images })} />
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: /open image gallery of rose oud/i });
}

function shownImage() {
  const dialog = screen.getByRole('dialog', { name: 'Rose Oud image gallery' });
  return within(dialog).getByRole('img', { name: /^Rose Oud, image \d of \d$/ });
}

describe('GalleryViewer (from a product card)', () => {
  it('opens full screen on the first image and moves with previous, next (wrapping) and thumbnails', async () => {
    const user = userEvent.setup();
    await user.click(renderCardWithImages(3));

    const dialog = screen.getByRole('dialog', { name: 'Rose Oud image gallery' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 1 of 3');
    expect(shownImage()).toHaveAttribute('src', '/uploads/rose-1-640.webp');
    expect(within(dialog).getByText('Image 1 of 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shownImage()).toHaveAttribute('src', '/uploads/rose-2-640.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(shownImage()).toHaveAttribute('src', '/uploads/rose-1-640.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 3 of 3');

    const secondThumb = within(dialog).getByRole('button', { name: 'Show image 2 of 3' });
    await user.click(secondThumb);
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 2 of 3');
    expect(secondThumb).toHaveAttribute('aria-current', 'true');
    expect(within(dialog).getByRole('button', { name: 'Show image 1 of 3' })).not.toHaveAttribute('aria-current');
  });

  it('follows the arrow keys and closes on Escape, returning focus to the image that opened it', async () => {
    const user = userEvent.setup();
    const opener = renderCardWithImages(3);
    await user.click(opener);

    await user.keyboard('{ArrowRight}');
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 2 of 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 1 of 3');
    await user.keyboard('{ArrowLeft}');
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 3 of 3');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps Tab inside the dialog and closes with its Close button', async () => {
    const user = userEvent.setup();
    const opener = renderCardWithImages(2);
    await user.click(opener);

    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close gallery' });
    expect(close).toHaveFocus();
    for (let press = 0; press < 8; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('swipes: dragging left shows the next image, dragging right the previous; small drags do nothing', async () => {
    const user = userEvent.setup();
    await user.click(renderCardWithImages(3));
    const stage = screen.getByTestId('gallery-stage');

    fireEvent.pointerDown(stage, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(stage, { clientX: 180, clientY: 210, pointerId: 1 });
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 2 of 3');

    fireEvent.pointerDown(stage, { clientX: 100, clientY: 200, pointerId: 2 });
    fireEvent.pointerUp(stage, { clientX: 260, clientY: 190, pointerId: 2 });
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 1 of 3');

    fireEvent.pointerDown(stage, { clientX: 100, clientY: 200, pointerId: 3 });
    fireEvent.pointerUp(stage, { clientX: 120, clientY: 200, pointerId: 3 });
    expect(shownImage()).toHaveAccessibleName('Rose Oud, image 1 of 3');
  });

  it('has no previous/next or thumbnails for a single image', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ProductCard product={createProduct({ name: 'Rose Oud', images: [createImage()] })} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Open image of Rose Oud' }));

    const dialog = screen.getByRole('dialog', { name: 'Rose Oud image gallery' });
    expect(within(dialog).queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Show image/ })).not.toBeInTheDocument();
  });
});
