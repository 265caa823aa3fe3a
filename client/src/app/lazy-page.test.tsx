import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazy-page';

function greetingPage() {
  let loads = 0;
  const page = lazyPage(
    () => {
      loads += 1;
      return Promise.resolve({ Greeting: () => <p>Karibu</p> });
    },
    (module) => module.Greeting,
  );
  return { page, loads: () => loads };
}

function renderInSuspense(Page: ReturnType<typeof greetingPage>['page']) {
  render(
    <Suspense fallback={<p>Loading…</p>}>
      <Page />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the fallback in between', async () => {
    const { page, loads } = greetingPage();
    await page.preload();
    renderInSuspense(page);
    expect(screen.getByText('Karibu')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(loads()).toBe(1);
  });

  it('suspends until a page that was not preloaded arrives, loading it once', async () => {
    const { page, loads } = greetingPage();
    renderInSuspense(page);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(await screen.findByText('Karibu')).toBeInTheDocument();
    await page.preload();
    expect(loads()).toBe(1);
  });
});
