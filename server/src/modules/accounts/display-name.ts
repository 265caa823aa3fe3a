import type { User } from './user.entity';

/** How the admin area names a person (who changed a status, who took cash): their name, else e-mail or phone. */
export function displayName(user: Pick<User, 'first' | 'last' | 'email' | 'phone'>): string {
  return `${user.first} ${user.last}`.trim() || (user.email ?? user.phone ?? '');
}
