import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The repository's .env (beside .env.example), from server/src/config or server/dist/config. */
export const defaultEnvFile = path.resolve(__dirname, '..', '..', '..', '.env');

/**
 * The values of an .env file that the real environment does not already set (the real environment wins;
 * empty counts as unset on both sides, so an .env.example copied as-is changes nothing). A missing file
 * gives nothing, and so does NODE_ENV=test in the real environment: tests stay hermetic, whatever a
 * developer's .env holds (SMTP_URL, DATABASE_URL…). Uses Node's own parser (util.parseEnv), as --env-file does.
 */
export function readEnvFile(
  file: string = defaultEnvFile,
  environment: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if (environment.NODE_ENV === 'test' || !existsSync(file)) return {};
  const parsed = parseEnv(readFileSync(file, 'utf8'));
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined || value === '') continue;
    if (environment[key] !== undefined && environment[key] !== '') continue;
    values[key] = value;
  }
  return values;
}

/** Copies readEnvFile's values into the environment; returns the names it set (never the values). */
export function applyEnvFile(file: string = defaultEnvFile, environment: NodeJS.ProcessEnv = process.env): string[] {
  const values = readEnvFile(file, environment);
  Object.assign(environment, values);
  return Object.keys(values);
}
