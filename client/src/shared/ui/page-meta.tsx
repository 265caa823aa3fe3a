interface PageMetaProps {
  title: string;
  description?: string;
  noIndex?: boolean;
}

// React 19 hoists <title> and <meta> into <head>, so pages declare their own metadata without a library.
export function PageMeta({ title, description, noIndex = false }: PageMetaProps) {
  return (
    <>
      <title>{`${title} | Manukato`}</title>
      {description ? <meta name="description" content={description} /> : null}
      <meta property="og:title" content={`${title} | Manukato`} />
      <meta name="twitter:title" content={`${title} | Manukato`} />
      {description ? <meta property="og:description" content={description} /> : null}
      {description ? <meta name="twitter:description" content={description} /> : null}
      {noIndex ? <meta name="robots" content="noindex" /> : null}
    </>
  );
}
