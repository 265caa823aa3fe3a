import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeClientDist } from '../../../test/client-dist';
import { startTestShop, type TestShop } from '../../../test/test-shop';

const serverSource = path.resolve(__dirname, '..', '..');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : [full];
  });
}

describe("the server's view of the client", () => {
  it("names no path into the client's sources: the built client is all it reads (decision 0044)", () => {
    const intoClientSources = [/client[/\\]src\b/, /['"]client['"],\s*['"]src['"]/];
    const offending = sourceFiles(serverSource).filter((file) => {
      const text = readFileSync(file, 'utf8');
      return intoClientSources.some((pattern) => pattern.test(text));
    });
    expect(offending.map((file) => path.relative(serverSource, file))).toEqual([]);
  });
});

describe('pages from a client build', () => {
  let shop: TestShop;
  let unbuilt: TestShop;
  let clientDist: Awaited<ReturnType<typeof writeClientDist>>;
  let withoutManifest: Awaited<ReturnType<typeof writeClientDist>>;

  beforeAll(async () => {
    // The manifest the client's build writes, changed here: the pages must follow it, whatever the sources say.
    const built = await writeClientDist();
    const manifest = JSON.parse(await fs.readFile(path.join(built.dir, 'server-manifest.json'), 'utf8'));
    await built.remove();
    clientDist = await writeClientDist({
      'server-manifest.json': JSON.stringify({
        ...manifest,
        routes: manifest.routes.filter((route: string) => route !== '/contact').concat('/only-in-this-build'),
        navLinks: [{ to: '/only-in-this-build', label: 'Only in this build' }],
        imageSizes: { ...manifest.imageSizes, productImage: '(max-width: 1px) 1vw, 7px' },
        siteDescription: 'Only in this build: the default description.',
      }),
    });
    withoutManifest = await writeClientDist();
    await fs.rm(path.join(withoutManifest.dir, 'server-manifest.json'));
    [shop, unbuilt] = await Promise.all([
      startTestShop({ env: { CLIENT_DIST: clientDist.dir } }),
      startTestShop({ seed: false, env: { CLIENT_DIST: withoutManifest.dir } }),
    ]);
  });
  afterAll(async () => {
    await shop?.close();
    await unbuilt?.close();
    await clientDist?.remove();
    await withoutManifest?.remove();
  });

  const page = (on: TestShop, route: string) => on.http.get(route).set('accept', 'text/html');

  it("answers the build's routes and 404 for the others", async () => {
    expect((await page(shop, '/only-in-this-build')).status).toBe(200);
    expect((await page(shop, '/contact')).status).toBe(404);
  });

  it("draws the build's header links and image sizes in the first paint", async () => {
    const response = await page(shop, '/product/2');
    expect(response.status).toBe(200);
    expect(response.text).toContain(
      '<nav aria-label="Main" class="site-header__nav"><ul><li><a href="/only-in-this-build">Only in this build</a></li></ul></nav>',
    );
    expect(response.text).toContain('imagesizes="(max-width: 1px) 1vw, 7px"');
    expect(response.text).toContain('sizes="(max-width: 1px) 1vw, 7px"');
    // The first screen's data, from the build's operation documents.
    expect(response.text).toContain(
      '<script id="__APOLLO_DATA__" type="application/json">[{"operationName":"ProductPage"',
    );
  });

  it("describes the pages without a description of their own in the build's words", async () => {
    for (const route of ['/', '/cart', '/only-in-this-build']) {
      const response = await page(shop, route);
      expect(response.status).toBe(200);
      expect(response.text).toContain(
        '<meta name="description" content="Only in this build: the default description." data-ssr>',
      );
    }
  });

  it("finds the client's default description in the manifest its build writes", async () => {
    const built = await writeClientDist();
    try {
      const manifest = JSON.parse(await fs.readFile(path.join(built.dir, 'server-manifest.json'), 'utf8'));
      // PageMeta's default description (the client's site-meta.json; its page-meta test holds the same words).
      expect(manifest.siteDescription).toBe(
        'Perfumes, fragrances and room sprays for women, men and children, delivered across Kenya. Prices in Ksh.',
      );
    } finally {
      await built.remove();
    }
  });

  it('answers 503 for a build without its server manifest, never falling back to the sources', async () => {
    const response = await page(unbuilt, '/');
    expect(response.status).toBe(503);
    expect(response.text).toBe('The client is not built yet: run `npm run build`.');
  });
});
