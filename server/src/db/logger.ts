import pino, { type Logger } from 'pino';

/**
 * Readable lines (pino-pretty) for a person: in development or when stdout is a terminal. JSON for machines
 * and log shippers everywhere else (production without a terminal) and always in tests.
 */
export function prettyLogs(env: string, stdoutIsTerminal: boolean): boolean {
  if (env === 'test') return false;
  return env === 'development' || stdoutIsTerminal;
}

export function createLogger(level: string, name = 'manukato', pretty = false): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.otp'], remove: true },
    // A worker thread formats the lines, so request handling never waits on it; redaction happens before.
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  });
}
