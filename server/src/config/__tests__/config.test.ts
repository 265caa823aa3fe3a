import path from 'node:path';
import { ConfigError, loadConfig, repositoryRoot } from '../config';

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.dataDir).toBe(path.join(repositoryRoot, 'data'));
    expect(config.uploadsDir).toBe(path.join(repositoryRoot, 'data', 'uploads'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.seedSampleData).toBe(true);
  });

  it('treats empty values as unset, as an .env.example copied as-is would have them', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(4000);
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_SAMPLE_DATA: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/SEED_SAMPLE_DATA/);
  });
});

describe('payments in production', () => {
  it('refuses to start without a Paystack key unless the stand-in is asked for by name', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /PAYSTACK_SECRET_KEY: required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_SIMULATOR: 'true' }).paystack.secretKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_0123456789' }).paystack.secretKey).toBe(
      'sk_live_0123456789',
    );
  });
});
