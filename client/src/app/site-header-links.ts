import navLinksJson from './nav-links.json';

// Header category slugs (kids, room) intentionally differ from the footer's (for-children, room-sprays): SPEC §2.
// The server resolves both spellings to the same categories. The server's first paint reads the same JSON.
export const navLinks: readonly { to: string; label: string }[] = navLinksJson;

export const myOrdersLink = { to: '/my-orders', label: 'My Orders' } as const;
