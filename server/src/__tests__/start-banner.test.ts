import path from 'node:path';
import { loadConfig } from '../config/config';
import { prettyLogs } from '../db/logger';
import { startBanner } from '../start-banner';

describe('start banner', () => {
  it('without ADMIN_PASSWORD says how to get in: register the admin e-mail or reset its password', () => {
    const config = loadConfig({ ADMIN_EMAIL: 'boss@example.com', DATA_DIR: '/srv/shop' });
    const banner = startBanner('http://localhost:4000', config);
    expect(banner).toContain('Manukato is ready at http://localhost:4000');
    expect(banner).toContain('boss@example.com (ADMIN_PASSWORD is unset)');
    expect(banner).toContain('http://localhost:4000/register');
    expect(banner).toContain('http://localhost:4000/forgot-password');
    expect(banner).toContain(`.eml files to ${path.join('/srv/shop', 'outbox')}`);
    expect(banner).toContain(`.sms.txt files to ${path.join('/srv/shop', 'outbox')}`);
    expect(banner).toContain(`.whatsapp.txt files to ${path.join('/srv/shop', 'outbox')}`);
  });

  it("with ADMIN_PASSWORD, SMTP and Africa's Talking names them without any secret", () => {
    const config = loadConfig({
      ADMIN_PASSWORD: 'a-long-secret',
      SMTP_URL: 'smtp://user:mailpass@mail.example.com:587',
      AT_API_KEY: 'at-key-123',
      AT_USERNAME: 'manukato',
      AT_SENDER_ID: 'MANUKATO',
      WHATSAPP_TOKEN: 'wa-token-123',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: 'wa-app-secret',
      WHATSAPP_VERIFY_TOKEN: 'wa-verify-token',
      PUBLIC_URL: 'https://shop.example.com',
    });
    const banner = startBanner('http://0.0.0.0:4000', config);
    expect(banner).toContain('sign in at https://shop.example.com/login as admin@manukato.co.ke with ADMIN_PASSWORD');
    expect(banner).toContain('SMTP server mail.example.com:587');
    expect(banner).toContain("Africa's Talking (username manukato, sender id MANUKATO)");
    expect(banner).toContain(
      'WhatsApp: Cloud API at https://graph.facebook.com/v23.0 (phone-number id 106540352242922',
    );
    expect(banner).toContain('delivery reports to https://shop.example.com/api/whatsapp/webhook');
    for (const secret of [
      'a-long-secret',
      'mailpass',
      'at-key-123',
      'wa-token-123',
      'wa-app-secret',
      'wa-verify-token',
    ])
      expect(banner).not.toContain(secret);
  });
});

describe('start banner in test mode', () => {
  it("prints the payment stand-in's key and where M-Pesa prompts are answered, so outside clients can use it", () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
    const banner = startBanner('http://localhost:4000', config, 'sk_simulator_abc123');
    expect(banner).toContain('http://localhost:4000/paystack-simulator (secret key sk_simulator_abc123)');
    expect(banner).toContain('https://shop.example.com/paystack-simulator/phone');
    expect(startBanner('http://localhost:4000', config)).not.toContain('paystack-simulator');
  });
});

describe('start banner: pay on delivery (issue 26)', () => {
  it('names PAY_ON_DELIVERY_MAX_KES with its figure, and where the owner changes it', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com', PAY_ON_DELIVERY_MAX_KES: '15000' });
    expect(startBanner('http://localhost:4000', config)).toContain(
      'Pay on delivery: the sample Nairobi locations start with it up to Ksh 15,000.00 (PAY_ON_DELIVERY_MAX_KES); ' +
        'change it per location at https://shop.example.com/oxalis/delivery',
    );
    expect(loadConfig({}).payOnDeliveryMaxCents).toBe(2_000_000);
  });
});

describe('log format', () => {
  it('is readable in development and on a terminal, JSON in production without one and in tests', () => {
    expect(prettyLogs('development', false)).toBe(true);
    expect(prettyLogs('production', true)).toBe(true);
    expect(prettyLogs('production', false)).toBe(false);
    expect(prettyLogs('test', true)).toBe(false);
  });
});
