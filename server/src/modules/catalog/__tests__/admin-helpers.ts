import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestShop } from '../../../../test/test-shop';

/** A small real PNG; the colour makes each one different. */
export function smallPng(seed = 0): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: (seed * 37) % 256, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

/** A real, decodable PNG of random pixels, over 6 MB (noise does not compress). */
export async function sixMegabytePng(): Promise<Buffer> {
  const side = 1450;
  const image = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (image.length <= 6 * 1024 * 1024) throw new Error(`test image is only ${image.length} bytes`);
  return image;
}

export interface UploadFile {
  /** Where the file goes in the variables, e.g. 'images.0'. */
  variable: string;
  name: string;
  data: Buffer;
  contentType?: string;
}

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** A GraphQL multipart request (graphql-multipart-request-spec) with Apollo's CSRF preflight header. */
export async function uploadGraphQL<T>(
  shop: TestShop,
  auth: Record<string, string>,
  query: string,
  variables: Record<string, unknown>,
  files: UploadFile[],
): Promise<GraphQLAnswer<T> & { status: number }> {
  const map = Object.fromEntries(files.map((file, index) => [String(index), [`variables.${file.variable}`]]));
  let request = shop.http
    .post('/graphql')
    .set('apollo-require-preflight', 'true')
    .set(auth)
    .field('operations', JSON.stringify({ query, variables }))
    .field('map', JSON.stringify(map));
  files.forEach((file, index) => {
    request = request.attach(String(index), file.data, {
      filename: file.name,
      contentType: file.contentType ?? 'image/png',
    });
  });
  const response = await request;
  return { ...(response.body as GraphQLAnswer<T>), status: response.status };
}

/** GraphQL as JSON with a token (or none). */
export async function graphQLAs<T>(
  shop: TestShop,
  auth: Record<string, string>,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  const response = await shop.http.post('/graphql').set(auth).send({ query, variables });
  return response.body as GraphQLAnswer<T>;
}
