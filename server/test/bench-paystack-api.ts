import { fork } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot } from '../src/config/config';

/** The bench's Paystack-compatible API (bench/paystack-api.mjs, decision 0095), started as the bench starts it. */
export async function startBenchPaystackApi(secretKey: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = fork(path.join(repositoryRoot, 'bench', 'paystack-api.mjs'), [secretKey], { stdio: 'ignore' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port: number }) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`the Paystack-compatible API exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
