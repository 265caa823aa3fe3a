import pino, { type Logger } from 'pino';

export function createLogger(level: string, name = 'manukato'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.otp'], remove: true },
  });
}
