import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST, verifyPassword } from '../../src/features/auth/passwords.js';
import { CHEAP_PASSWORD_COST, cheapPasswordHash } from '../cheap-passwords.js';

const src = path.resolve(import.meta.dirname, '../../src');

/** Every .ts file under a folder but its tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The N, r and p a stored hash was made with. */
const costOf = (stored: string) => stored.split('$').slice(1, 4).map(Number);

describe('the scrypt cost of passwords (docs/security.md#passwords)', () => {
  it('is N=16384, r=8, p=1 for every hash the shop makes, whatever the environment says, production included', async () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, {
        NODE_ENV: 'production',
        SCRYPT_N: '1024',
        PASSWORD_COST: '1',
        PASSWORD_HASH_COST: '1',
      });
      const stored = await hashPassword('pass1234');
      expect(costOf(stored)).toEqual([16384, 8, 1]);
      expect(PASSWORD_COST).toEqual({ N: 16384, r: 8, p: 1 });
      expect(await verifyPassword('pass1234', stored)).toBe(true);
      expect(await verifyPassword('pass1235', stored)).toBe(false);
    } finally {
      process.env = saved;
    }
  });

  it('the cheaper test-only hash is reachable from no file of the server: nothing under src/ imports test/', () => {
    const files = sources(src);
    expect(files.length).toBeGreaterThan(100);
    const reaching = files.filter((file) =>
      /from '[^']*(\/test\/|cheap-passwords)/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(reaching).toEqual([]);
  });

  it('a test-only hash is cheaper and still verifies as the one password it was made from', async () => {
    const stored = cheapPasswordHash('pass1234');
    expect(costOf(stored)).toEqual([CHEAP_PASSWORD_COST.N, 8, 1]);
    expect(CHEAP_PASSWORD_COST.N).toBeLessThan(PASSWORD_COST.N);
    expect(await verifyPassword('pass1234', stored)).toBe(true);
    expect(await verifyPassword('pass12345', stored)).toBe(false);
  });
});
