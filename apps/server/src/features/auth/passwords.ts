import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(pw, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * The cost of every hash the shop makes: a constant, set by no configuration
 * (docs/security.md#passwords). Tests that need hundreds of logins store cheaper hashes of their
 * own (test/cheap-passwords.ts); verifyPassword reads the cost from the stored hash.
 */
export const PASSWORD_COST = { N: 16384, r: 8, p: 1 } as const;
export const PASSWORD_KEY_LENGTH = 32;

/** The stored form `scrypt$N$r$p$salt$hash` (base64url parts). */
export function formatPasswordHash(cost: ScryptOptions, salt: Buffer, key: Buffer): string {
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** scrypt hash as `scrypt$N$r$p$salt$hash` (base64url parts), at PASSWORD_COST. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return formatPasswordHash(PASSWORD_COST, salt, await scrypt(password, salt, PASSWORD_KEY_LENGTH, PASSWORD_COST));
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(key, expected);
}

/** A password hash that never matches; used so unknown ids cost the same time as wrong passwords. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
