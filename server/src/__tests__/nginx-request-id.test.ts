import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { repositoryRoot } from '../config/config';
import { requestIdFor } from '../http/request-id';

/**
 * Issue 28: deploy/nginx/scale.conf passes each request's X-Request-Id to the shop (the client's, or one nginx
 * makes) and writes it in its access log, so one id finds nginx's line and the shop's (decision 0107). nginx itself
 * runs these rules in `npm run test:fleet`; here, what the file says.
 */
const config = readFileSync(path.join(repositoryRoot, 'deploy', 'nginx', 'scale.conf'), 'utf8');
const [, variable = '', body = ''] = /^map \$http_x_request_id \$(\w+) \{\n([\s\S]*?)\n\}/m.exec(config) ?? [];

describe('scale.conf and request ids', () => {
  it("takes the client's id by the shop's own rule, else makes one", () => {
    const [, pattern = ''] = /^\s*"~([^"]+)"\s+\$http_x_request_id;/m.exec(body) ?? [];
    expect(body).toMatch(/^\s*default\s+\$request_id;/m);
    const accepted = new RegExp(pattern);
    const offered = ['abc-123', 'trace.7_f', 'x'.repeat(100), 'x'.repeat(101), 'has space', 'ünï', '', 'a/b', 'a;b'];
    for (const id of offered) {
      const shopKeeps = requestIdFor({ headers: { 'x-request-id': id } } as unknown as IncomingMessage) === id;
      expect({ id, nginxKeeps: accepted.test(id) }).toEqual({ id, nginxKeeps: shopKeeps });
    }
  });

  it('sends it to the shop, puts it on every answer and logs it', () => {
    expect(variable).not.toBe('');
    expect(config).toMatch(new RegExp(`^\\s*proxy_set_header X-Request-Id \\$${variable};`, 'm'));
    expect(config).toMatch(new RegExp(`^\\s*add_header X-Request-Id \\$${variable} always;`, 'm'));
    expect(config).toMatch(/^\s*proxy_hide_header X-Request-Id;/m);
    const [, format = '', formatText = ''] = /^log_format (\w+) escape=json ((?:'[^']*'\s*)+);/m.exec(config) ?? [];
    expect(formatText).toContain(`"request_id":"$${variable}"`);
    expect(config).toMatch(new RegExp(`^\\s*access_log \\S+ ${format};`, 'm'));
  });
});
