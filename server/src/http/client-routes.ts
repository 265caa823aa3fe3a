import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../config/config';

/**
 * The client's route table (client/src/app/route-paths.json), shared with its router so the
 * server answers 404 for exactly the paths the client would show its 404 page for.
 */
export function loadClientRoutePatterns(
  file = path.join(repositoryRoot, 'client', 'src', 'app', 'route-paths.json'),
): RegExp[] {
  if (!existsSync(file)) return [/^\/$/];
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source === '' ? '/' : source}/?$`);
  });
}

export function isClientRoute(patterns: RegExp[], pathname: string): boolean {
  return patterns.some((pattern) => pattern.test(pathname));
}
