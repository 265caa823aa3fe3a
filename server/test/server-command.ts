import { execFile } from 'node:child_process';
import { repositoryRoot } from '../src/config/config';

/**
 * Runs one of the server's command entries (server/src/<entry>.ts) as a real process, through tsx, with `args` and
 * only `env` besides what node needs, and gives its exit code and everything it printed.
 */
export function runServerCommand(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `server/src/${entry}.ts`, ...args],
      {
        cwd: repositoryRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          TSX_TSCONFIG_PATH: 'server/tsconfig.json',
          NODE_ENV: 'test',
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}
