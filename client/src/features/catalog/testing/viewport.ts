/** jsdom has no matchMedia: a phone (or a wide screen) as `useMediaQuery` reads it. */
export function mockViewport({ mobile }: { mobile: boolean }): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: mobile && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }),
  });
}

/** Leaves jsdom as found: no matchMedia. */
export function restoreViewport(): void {
  Reflect.deleteProperty(window, 'matchMedia');
}
