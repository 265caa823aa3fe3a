import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '../src/db/embedded-postgres';

const repositoryRoot = path.resolve(__dirname, '..', '..');

export interface ShopProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  waitForHealthy(timeoutMs?: number): Promise<void>;
  waitForExit(timeoutMs?: number): Promise<number | null>;
}

/**
 * The server as a real, separate process (node + tsx, one process so a SIGKILL hits the server
 * itself), for what only a process shows: signals, locks, ports and restarts.
 */
export async function spawnShop(env: Record<string, string>, port?: number): Promise<ShopProcess> {
  const chosenPort = port ?? (await findFreePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repositoryRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TSX_TSCONFIG_PATH: 'server/tsconfig.json',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      PORT: String(chosenPort),
      // The test's own fetch keeps its connections open, and a stop would wait the whole drain (15 s) for them.
      SHUTDOWN_DRAIN_SECONDS: '2',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${chosenPort}`;
  return {
    child,
    port: chosenPort,
    url,
    output: () => output,
    // The limits only name a hang (decision 0082): a first start on a loaded machine takes tens of seconds.
    async waitForHealthy(timeoutMs = 110_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
        const healthy = await fetch(`${url}/readyz`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error(`server not healthy after ${timeoutMs} ms:\n${output}`);
    },
    async waitForExit(timeoutMs = 60_000) {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`server did not exit:\n${output}`)), timeoutMs).unref(),
      );
      return Promise.race([exited, timeout]);
    },
  };
}
