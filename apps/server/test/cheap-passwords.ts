import { randomBytes, scryptSync } from 'node:crypto';
import { formatPasswordHash, PASSWORD_KEY_LENGTH } from '../src/features/auth/passwords.js';

/**
 * A password hash at a sixteenth of the shop's scrypt cost, for tests that must log in hundreds of
 * times to prove a race (600 logins at the real cost took 30 s of two cores). It lives only here:
 * the server has no setting for the cost (docs/security.md#passwords), and a unit test
 * (test/unit/password-cost.test.ts) proves that nothing under src/ can reach this file.
 */
export const CHEAP_PASSWORD_COST = { N: 1024, r: 8, p: 1 } as const;

export function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  return formatPasswordHash(
    CHEAP_PASSWORD_COST,
    salt,
    scryptSync(password, salt, PASSWORD_KEY_LENGTH, CHEAP_PASSWORD_COST),
  );
}
