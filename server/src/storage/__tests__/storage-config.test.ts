import { ConfigError, loadConfig } from '../../config/config';
import { createFileStorage } from '../create-file-storage';
import { LocalFileStorage } from '../local-file-storage';
import { S3FileStorage } from '../s3-file-storage';

describe('file storage settings', () => {
  it('keeps uploads in the uploads directory unless S3_BUCKET is set', () => {
    const config = loadConfig({ UPLOADS_DIR: '/srv/manukato/uploads', S3_BUCKET: '' });
    expect(config.s3).toBeNull();
    const storage = createFileStorage(config);
    expect(storage).toBeInstanceOf(LocalFileStorage);
    expect((storage as LocalFileStorage).directory).toBe('/srv/manukato/uploads');
  });

  it('reads every S3 setting, with a region and path style by default', () => {
    const config = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'manukato-uploads',
      S3_ACCESS_KEY_ID: 'shop',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://images.manukato.co.ke/',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'manukato-uploads',
      region: 'us-east-1',
      accessKeyId: 'shop',
      secretAccessKey: 'a-long-secret',
      forcePathStyle: true,
      publicUrl: 'https://images.manukato.co.ke/',
    });
    const storage = createFileStorage(config);
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(storage.publicUrl('product-1.webp')).toBe('https://images.manukato.co.ke/product-1.webp');
    storage.close();
    expect(loadConfig({ S3_BUCKET: 'manukato-uploads' }).s3).toMatchObject({
      forcePathStyle: false,
      endpoint: undefined,
    });
  });

  it('names S3 settings that cannot work', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT: set S3_BUCKET too/);
    expect(() => loadConfig({ S3_BUCKET: 'manukato-uploads', S3_ACCESS_KEY_ID: 'shop' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'not a url' })).toThrow(ConfigError);
  });
});
