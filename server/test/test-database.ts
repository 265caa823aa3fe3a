import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Connection strings handed from the global setup to every test file through the environment. */
export const testEnvironment = {
  get adminUrl(): string {
    const url = process.env.MANUKATO_TEST_ADMIN_URL;
    if (!url) throw new Error('MANUKATO_TEST_ADMIN_URL is not set: run the tests through jest (global setup).');
    return url;
  },
  get templateDatabase(): string {
    return process.env.MANUKATO_TEST_TEMPLATE ?? 'manukato_test_template';
  },
  /** The template with every seed applied, the sample catalogue included. */
  get seededTemplateDatabase(): string {
    return process.env.MANUKATO_TEST_SEEDED_TEMPLATE ?? 'manukato_test_template_seeded';
  },
};

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: testEnvironment.adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A fresh database copied from the migrated template (`seeded`: the one with the sample catalogue seeded too):
 * isolation per test file in milliseconds.
 */
export async function createTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `manukato_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.seeded ? testEnvironment.seededTemplateDatabase : testEnvironment.templateDatabase;
  await withAdminClient((client) => client.query(`create database ${quote(name)} template ${quote(template)}`));
  return {
    url: databaseUrl(testEnvironment.adminUrl, name),
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${quote(name)} with (force)`)).then(
        () => undefined,
      ),
  };
}
