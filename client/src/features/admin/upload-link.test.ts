import { gql, type ApolloLink } from '@apollo/client';
import { buildMultipartBody, extractFiles } from './upload-link';

const CreateProduct = gql`
  mutation CreateProduct($input: ProductInput!, $images: [Upload!]!) {
    createProduct(input: $input, images: $images) {
      errors {
        message
      }
    }
  }
`;

function operation(variables: Record<string, unknown>) {
  return { query: CreateProduct, variables, operationName: 'CreateProduct' } as unknown as ApolloLink.Operation;
}

describe('upload link', () => {
  it('lifts files out of the variables, remembering where each was', () => {
    const front = new File(['a'], 'front.png', { type: 'image/png' });
    const side = new File(['b'], 'side.png', { type: 'image/png' });

    const { variables, files } = extractFiles({ input: { name: 'Amber' }, images: [front, side], ids: [1] });

    expect(variables).toEqual({ input: { name: 'Amber' }, images: [null, null], ids: [1] });
    expect(files.map((entry) => [entry.path, entry.name])).toEqual([
      ['variables.images.0', 'front.png'],
      ['variables.images.1', 'side.png'],
    ]);
  });

  it('builds the GraphQL multipart request: operations, map, then the files', async () => {
    const front = new File(['front-bytes'], 'front.png', { type: 'image/png' });
    const body = buildMultipartBody(operation({ input: { name: 'Amber' }, images: [front] }));

    expect(body).not.toBeNull();
    const fields = [...(body as FormData).keys()];
    expect(fields).toEqual(['operations', 'map', '0']);
    const operations = JSON.parse(String(body?.get('operations')));
    expect(operations.operationName).toBe('CreateProduct');
    expect(operations.variables).toEqual({ input: { name: 'Amber' }, images: [null] });
    expect(operations.query).toContain('mutation CreateProduct');
    expect(JSON.parse(String(body?.get('map')))).toEqual({ 0: ['variables.images.0'] });
    const sent = body?.get('0') as File;
    expect(sent.name).toBe('front.png');
    expect(sent.size).toBe('front-bytes'.length);
  });

  it('leaves operations without files to the next link', () => {
    expect(buildMultipartBody(operation({ input: { name: 'Amber' }, images: [] }))).toBeNull();
  });
});
