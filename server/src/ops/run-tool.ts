import { spawn } from 'node:child_process';

/** How much of a tool's error output a failure carries: its last lines say what went wrong. */
const keptErrorChars = 4_000;

/**
 * Runs a PostgreSQL client program to its end and answers its standard output; a non-zero exit throws with the
 * end of what it wrote to standard error.
 */
export function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-keptErrorChars);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else
        reject(
          new Error(
            `${program} ${code === null ? `was stopped by ${signal}` : `exited with ${code}`}: ${errors.trim()}`,
          ),
        );
    });
  });
}

/** Runs `work` on each item, at most `limit` at once (round trips to a bucket overlap; memory stays bounded). */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
