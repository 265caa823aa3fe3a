// Waiting for and stopping a built shop started as a child process: shared by the browser-test runner
// and the Lighthouse script, which both run the real server on a fresh data directory.
import fs from 'node:fs/promises';
import path from 'node:path';

const readyTimeoutMs = 180_000;
const stopTimeoutMs = 30_000;

/** Resolves once /healthz answers 200; throws if the server exits first or never gets there. */
export async function waitForHealthy(baseUrl, child) {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited during start (code ${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`/healthz did not answer 200 within ${readyTimeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 30 s (saying so: a forced kill leaves the embedded postgres running). */
export function stopServer(child, label) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      console.error(`${label}: the server did not stop within 30 s of SIGTERM; sending SIGKILL.`);
      child.kill('SIGKILL');
    }, stopTimeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * After a forced kill the server could not stop its embedded postgres, which would keep running on a deleted
 * folder. Its postmaster.pid names it; SIGINT is postgres's fast shutdown.
 */
export async function stopLeftoverPostgres(dataDir, label) {
  let pid;
  try {
    pid = Number.parseInt((await fs.readFile(path.join(dataDir, 'db', 'postmaster.pid'), 'utf8')).split('\n')[0], 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  console.error(`${label}: stopping the embedded postgres (pid ${pid}) the server left behind.`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}
