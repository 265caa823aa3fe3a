import { useLayoutEffect } from 'react';
import siteMeta from './site-meta.json';

interface PageMetaProps {
  title: string;
  description?: string;
  noIndex?: boolean;
}

/**
 * What a page without its own description says. The server's fallback is the same text: the build hands it over
 * in its server manifest (client/server-manifest.mjs, decision 0044).
 */
const SITE_DESCRIPTION: string = siteMeta.description;

// The tags PageMeta renders. The server writes the same ones (marked data-ssr) for the page it answered.
const OWNED_META_KEYS = ['description', 'robots', 'og:title', 'og:description', 'twitter:title', 'twitter:description'];
const SERVER_COPIES = [
  'title[data-ssr]',
  ...OWNED_META_KEYS.flatMap((key) => [`meta[data-ssr][name="${key}"]`, `meta[data-ssr][property="${key}"]`]),
].join(', ');

/**
 * React 19 hoists <title> and <meta> into <head> but does not replace the server's copies, so a page that renders
 * its own removes them: the head holds one title and one of each tag from the first render on.
 */
function useReplaceServerCopies() {
  // A layout effect: after React has put its tags in, before the browser paints, so there is never none.
  useLayoutEffect(() => {
    document.head.querySelectorAll(SERVER_COPIES).forEach((node) => node.remove());
  }, []);
}

// React 19 hoists <title> and <meta> into <head>, so pages declare their own metadata without a library.
export function PageMeta({ title, description = SITE_DESCRIPTION, noIndex = false }: PageMetaProps) {
  useReplaceServerCopies();
  const fullTitle = `${title} | Manukato`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta name="twitter:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta name="twitter:description" content={description} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
