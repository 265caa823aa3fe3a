// Asking one instance directly, as a health checker or an orchestrator would: not through nginx.
import http from 'node:http';

/** GET `url` on a connection of its own, closed after the answer, within `timeoutMs`: its status. */
export function statusOf(url, timeoutMs = 2_000) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode));
    });
    request.once('timeout', () => request.destroy(new Error('timed out')));
    request.once('error', reject);
  });
}
