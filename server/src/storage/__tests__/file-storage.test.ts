import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { contentTypeOf, type FileStorage, type StoredFile } from '../file-storage';
import { LocalFileStorage } from '../local-file-storage';
import { S3FileStorage } from '../s3-file-storage';
import { startS3Server, type S3TestServer } from '../../../test/s3-server';

let directory: string;
let s3: S3TestServer;
const storages: Record<'local' | 's3', FileStorage> = {} as never;

beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'manukato-storage-'));
  s3 = await startS3Server();
  storages.local = new LocalFileStorage(directory);
  storages.s3 = new S3FileStorage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    accessKeyId: s3.env.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: true,
    publicUrl: undefined,
  });
});
afterAll(async () => {
  storages.s3.close();
  await s3.close();
  await fs.rm(directory, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s file storage', (kind) => {
  const storage = () => storages[kind];

  it('keeps what is put, reads it back as a stream, and forgets it on delete', async () => {
    const key = `${kind}-note.webp`;
    expect(await storage().exists(key)).toBe(false);
    expect(await storage().read(key)).toBeNull();
    await storage().put(key, Buffer.from('first'), 'image/webp');
    await storage().put(key, Buffer.from('second version'), 'image/webp');
    expect(await storage().exists(key)).toBe(true);
    const file = (await storage().read(key)) as StoredFile;
    expect(file.contentType).toBe('image/webp');
    expect(file.size).toBe('second version'.length);
    expect(await text(file.body)).toBe('second version');
    await storage().delete(key);
    expect(await storage().exists(key)).toBe(false);
    // Deleting what is already gone is fine (a retried clean-up).
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the flat namespace', async () => {
    for (const key of ['../escape.webp', 'a/b.webp', '', '.hidden', 'x'.repeat(300)]) {
      await expect(storage().put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow('Not a storage key');
    }
    await expect(fs.readdir(path.dirname(directory))).resolves.not.toContain('escape.webp');
  });

  it('lists every stored key, and only the names the shop makes (backups copy them all)', async () => {
    const keys = [`${kind}-listed-a.webp`, `${kind}-listed-a-320.webp`, `${kind}-listed-b.png`];
    for (const key of keys) await storage().put(key, Buffer.from(key), contentTypeOf(key));
    if (kind === 'local') {
      // What else the folder may hold: an interrupted write's temporary file beside its target, a folder.
      await fs.writeFile(path.join(directory, `${kind}-listed-a.webp.0a1b2c.tmp`), 'half');
      await fs.mkdir(path.join(directory, `${kind}-listed-folder`));
    }
    const listed: string[] = [];
    for await (const key of storage().keys()) listed.push(key);
    expect(listed.filter((key) => key.startsWith(`${kind}-listed`)).sort()).toEqual([...keys].sort());
    for (const key of keys) await storage().delete(key);
  });

  it('gives the shop path for a key', () => {
    expect(storage().publicUrl('product-1.webp')).toBe('/uploads/product-1.webp');
  });
});

describe('S3 file storage', () => {
  it('answers a conditional read of an unchanged object with not-modified', async () => {
    await storages.s3.put('etag.webp', Buffer.from('same'), 'image/webp');
    const file = (await storages.s3.read('etag.webp')) as StoredFile;
    file.body.resume();
    expect(file.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(await storages.s3.read('etag.webp', { ifNoneMatch: file.etag })).toBe('not-modified');
  });

  it('points image URLs at the public bucket address when there is one', () => {
    const published = new S3FileStorage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.co.ke/images/',
    });
    expect(published.publicUrl('product-1.webp')).toBe('https://cdn.example.co.ke/images/product-1.webp');
    expect(published.imageOrigin).toBe('https://cdn.example.co.ke');
    published.close();
  });
});
