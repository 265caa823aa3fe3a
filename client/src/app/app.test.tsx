import { removeServerHead } from './remove-server-head';

describe('removeServerHead', () => {
  it("removes only the tags the server marked, leaving the client's own", () => {
    document.head.innerHTML =
      '<title data-ssr>Server</title><meta name="description" content="s" data-ssr><script type="application/ld+json" data-ssr>{}</script><meta charset="utf-8">';
    removeServerHead();
    expect(document.head.querySelectorAll('[data-ssr]')).toHaveLength(0);
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
  });
});
