import os from 'node:os';
import { ConfigError, connectionName, loadConfig } from '../config';

describe('metrics, instance name and slow statements (decision 0107)', () => {
  it('has metrics off, the host and pid as the name, and 500 ms as slow by default', () => {
    const config = loadConfig({});
    expect(config.metrics).toEqual({ token: undefined, port: undefined });
    expect(config.instanceName).toBe(`${os.hostname()}/${process.pid}`);
    expect(config.slowStatementMs).toBe(500);
  });

  it('refuses metrics on the public port, a short token and an instance name that is not a plain token', () => {
    expect(() => loadConfig({ PORT: '4000', METRICS_PORT: '4000' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ INSTANCE_NAME: 'web 1; drop' })).toThrow(/INSTANCE_NAME/);
    expect(loadConfig({ METRICS_PORT: '9464', INSTANCE_NAME: 'web-1' })).toMatchObject({
      metrics: { port: 9464 },
      instanceName: 'web-1',
    });
  });

  it("names connections within PostgreSQL's 63 characters, keeping the end of a long instance name (its pid)", () => {
    expect(connectionName('manukato', 'web-1')).toBe('manukato/web-1');
    const long = connectionName('manukato-catalogue-events', `${'pod-'.repeat(12)}abc/12345`);
    expect(long).toHaveLength(63);
    expect(long).toMatch(/^manukato-catalogue-events\/.*abc\/12345$/);
  });
});
