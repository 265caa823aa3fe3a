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

describe("the owner's alerts", () => {
  it('are off by default, and read SHOP_ALERT_EMAIL and a Kenyan SHOP_ALERT_PHONE written +254…', () => {
    expect(loadConfig({}).shopAlerts).toEqual({ email: undefined, phone: undefined });
    expect(
      loadConfig({ SHOP_ALERT_EMAIL: 'Owner@Manukato.co.ke', SHOP_ALERT_PHONE: '+254 712-345 678' }).shopAlerts,
    ).toEqual({ email: 'owner@manukato.co.ke', phone: '+254712345678' });
  });

  it('refuse an address or a number they could not send to', () => {
    expect(() => loadConfig({ SHOP_ALERT_EMAIL: 'owner' })).toThrow(/SHOP_ALERT_EMAIL/);
    expect(() => loadConfig({ SHOP_ALERT_PHONE: '0712345678' })).toThrow(/SHOP_ALERT_PHONE: must be a Kenyan/);
  });
});

describe('the payment prompt limits', () => {
  it('default to 5 per order, 10 per account, 5 per number and 20 per client address, and read their settings', () => {
    expect(loadConfig({}).paymentPrompts).toEqual({ perOrder: 5, perAccount: 10, perPhone: 5, perIp: 20 });
    expect(
      loadConfig({
        PAYMENT_PROMPTS_PER_ORDER: '3',
        PAYMENT_PROMPTS_PER_ACCOUNT: '6',
        PAYMENT_PROMPTS_PER_PHONE: '2',
        PAYMENT_PROMPTS_PER_IP: '50',
      }).paymentPrompts,
    ).toEqual({ perOrder: 3, perAccount: 6, perPhone: 2, perIp: 50 });
  });

  it('refuse zero or a word, naming the setting', () => {
    expect(() => loadConfig({ PAYMENT_PROMPTS_PER_PHONE: '0' })).toThrow(/PAYMENT_PROMPTS_PER_PHONE/);
    expect(() => loadConfig({ PAYMENT_PROMPTS_PER_IP: 'many' })).toThrow(/PAYMENT_PROMPTS_PER_IP/);
  });
});

describe('addresses in the settings', () => {
  it.each(['ADMIN_EMAIL', 'SHOP_ALERT_EMAIL'])(
    '%s takes only the one grammar the shop mails (decision 0066), lower-cased',
    (name) => {
      for (const value of ['x<owner@example.co.ke>', 'owner(0)@example.co.ke', 'owner@example.co.ke,other@x.co']) {
        expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be one plain e-mail address`));
      }
      const config = loadConfig({ [name]: ' Owner@Example.CO.KE ' });
      expect(name === 'ADMIN_EMAIL' ? config.adminEmail : config.shopAlerts.email).toBe('owner@example.co.ke');
    },
  );
});

describe('the payment stand-in', () => {
  const serverDatabase = 'postgresql://shop@db.example:5432/manukato';
  const key = 'sk_live_0123456789';

  it('takes payments on a local trial: the embedded database and no Paystack key, whatever NODE_ENV', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(loadConfig({ NODE_ENV }).paystack).toMatchObject({ secretKey: undefined, simulator: true });
    }
  });

  it('refuses to start on a server database without a Paystack key, naming both ways out', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: serverDatabase })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: serverDatabase })).toThrow(
      /PAYSTACK_SECRET_KEY: required with a server database \(DATABASE_URL\)\. Set PAYSTACK_SECRET_KEY for real payments, or PAYMENT_SIMULATOR=true/,
    );
    // An empty value, as docker-compose passes an unset variable through, is no opt-in.
    expect(() => loadConfig({ DATABASE_URL: serverDatabase, PAYMENT_SIMULATOR: '', PAYSTACK_SECRET_KEY: '' })).toThrow(
      /PAYSTACK_SECRET_KEY: required with a server database/,
    );
  });

  it('runs on a server database when asked for by name', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: serverDatabase, PAYMENT_SIMULATOR: 'true' }).paystack,
    ).toMatchObject({ secretKey: undefined, simulator: true });
  });

  it('is off with a Paystack key, and a key together with PAYMENT_SIMULATOR=true is refused as contradictory', () => {
    expect(loadConfig({ DATABASE_URL: serverDatabase, PAYSTACK_SECRET_KEY: key }).paystack).toMatchObject({
      secretKey: key,
      simulator: false,
    });
    expect(loadConfig({ PAYSTACK_SECRET_KEY: key }).paystack.simulator).toBe(false);
    expect(() => loadConfig({ PAYSTACK_SECRET_KEY: key, PAYMENT_SIMULATOR: 'true' })).toThrow(
      /PAYMENT_SIMULATOR: true while PAYSTACK_SECRET_KEY is set/,
    );
  });

  it('turned off by name without a key leaves no way to pay: refused', () => {
    expect(() => loadConfig({ PAYMENT_SIMULATOR: 'false' })).toThrow(
      /PAYSTACK_SECRET_KEY: required when PAYMENT_SIMULATOR=false/,
    );
  });
});

describe('WhatsApp order updates', () => {
  const cloudApi = {
    WHATSAPP_TOKEN: 'EAAG-token',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'app-secret-1',
  };

  it('go to the outbox by default, with templates in en through the current Graph API version', () => {
    expect(loadConfig({}).whatsapp).toEqual({
      token: undefined,
      phoneNumberId: undefined,
      appSecret: undefined,
      verifyToken: undefined,
      apiUrl: 'https://graph.facebook.com/v23.0',
      templateLanguage: 'en',
    });
  });

  it('read the Cloud API settings, the API URL without a trailing slash', () => {
    const config = loadConfig({
      ...cloudApi,
      WHATSAPP_API_URL: 'http://127.0.0.1:9/v23.0/',
      WHATSAPP_TEMPLATE_LANGUAGE: 'en_US',
    });
    expect(config.whatsapp).toMatchObject({ token: 'EAAG-token', phoneNumberId: '106540352242922' });
    expect(config.whatsapp.apiUrl).toBe('http://127.0.0.1:9/v23.0');
    expect(config.whatsapp.templateLanguage).toBe('en_US');
  });

  it('refuse a token without its phone-number id or app secret, a phone number for the id, and a bad language', () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAG-token' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(() => loadConfig({ ...cloudApi, WHATSAPP_APP_SECRET: '' })).toThrow(/WHATSAPP_APP_SECRET/);
    expect(() => loadConfig({ ...cloudApi, WHATSAPP_PHONE_NUMBER_ID: '+254700000000' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID/,
    );
    expect(() => loadConfig({ WHATSAPP_TEMPLATE_LANGUAGE: 'English' })).toThrow(/WHATSAPP_TEMPLATE_LANGUAGE/);
  });
});
