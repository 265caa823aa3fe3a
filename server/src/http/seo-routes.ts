import { Router, type Request, type Response } from 'express';
import { rememberAnswer } from './cache-responses';
import { privatePaths } from './pages';
import { sitemapService } from './sitemap';

function sendXml(request: Request, response: Response, xml: string): void {
  rememberAnswer(request.ctx.responseCache, request, response);
  response.type('application/xml').send(xml);
}

/**
 * /sitemap.xml, a sitemap index: /sitemap-pages.xml (home, categories, new arrivals, static pages) and
 * /sitemap-products-<n>.xml, each within the format's 50,000 URLs; /robots.txt points to the index.
 */
export function seoRoutes(): Router {
  const router = Router();

  router.get('/sitemap.xml', async (request, response) => {
    sendXml(request, response, await sitemapService.index(request.ctx));
  });

  router.get('/sitemap-pages.xml', async (request, response) => {
    sendXml(request, response, await sitemapService.pages(request.ctx));
  });

  router.get('/sitemap-products-:file.xml', async (request, response) => {
    const file = /^\d{1,9}$/.test(request.params.file) ? Number(request.params.file) : 0;
    const xml = await sitemapService.products(request.ctx, file);
    if (xml === null) {
      response.status(404).type('text/plain').send('No such sitemap.');
      return;
    }
    sendXml(request, response, xml);
  });

  // Browsers ask for /favicon.ico whatever the page says; answer with the shop's icon.
  router.get('/favicon.ico', (request, response) => {
    response.redirect(301, '/favicon.svg');
  });

  router.get('/robots.txt', (request, response) => {
    const { publicUrl } = request.ctx.config;
    response
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          ...[...privatePaths, '/graphql', '/api/'].map((path) => `Disallow: ${path}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  return router;
}
