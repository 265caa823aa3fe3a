import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { applyEnvFile, defaultEnvFile, readEnvFile } from '../env-file';
import { repositoryRoot } from '../config';

describe('.env at start', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'env-file-'));
    file = path.join(dir, '.env');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is the repository-root .env, beside .env.example', () => {
    expect(defaultEnvFile).toBe(path.join(repositoryRoot, '.env'));
  });

  it('sets what the environment lacks, so PORT in .env is the port the server takes', () => {
    writeFileSync(file, '# a comment\nPORT=4321\nADMIN_EMAIL="Boss@Example.com"\nLOG_LEVEL=\n');
    const environment: NodeJS.ProcessEnv = {};
    expect(applyEnvFile(file, environment).sort()).toEqual(['ADMIN_EMAIL', 'PORT']);
    const config = loadConfig(environment);
    expect(config.port).toBe(4321);
    expect(config.adminEmail).toBe('boss@example.com');
    expect(config.logLevel).toBe('info');
  });

  it('lets the real environment win over .env (an empty real value counts as unset)', () => {
    writeFileSync(file, 'PORT=4321\nHOST=127.0.0.1\n');
    const environment: NodeJS.ProcessEnv = { PORT: '5555', HOST: '' };
    applyEnvFile(file, environment);
    expect(environment.PORT).toBe('5555');
    expect(environment.HOST).toBe('127.0.0.1');
  });

  it("is not read by tests (NODE_ENV=test), so a developer's .env never reaches a test server", () => {
    writeFileSync(file, 'SMTP_URL=smtp://mail.example.com\n');
    expect(readEnvFile(file, { NODE_ENV: 'test' })).toEqual({});
  });

  it('gives nothing when there is no .env', () => {
    expect(readEnvFile(path.join(dir, 'absent.env'), {})).toEqual({});
  });
});
