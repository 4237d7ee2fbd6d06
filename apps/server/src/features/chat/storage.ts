import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatKeys } from './schema.js';
import type { FileStorage } from './types.js';

export type { FileStorage };

const KEY_SHAPE = /^[a-z0-9]+(?:\/[a-z0-9-]+)*\.[a-z0-9.]+$/;

/** Generated storage keys: chat/YYYY/MM/<uuid>.<ext>, never anything the uploader chose. */
export function newStorageKey(ext: string, now: Date = new Date()): { key: string; thumbKey: string } {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const id = randomUUID();
  return { key: `chat/${month}/${id}.${ext}`, thumbKey: `chat/${month}/${id}.thumb.webp` };
}

/**
 * Files on disk under `root`. Keys are checked against the generated shape, so no key can leave
 * the root. The root must not be served as public static files: reads go through the signed
 * addresses below.
 */
export function diskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY_SHAPE.test(key) || key.includes('..')) throw new Error(`bad storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // 'wx': a generated name is never written twice.
      await fs.writeFile(file, data, { flag: 'wx', mode: 0o640 });
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}

const FILE_URL_KEY = 'file_url_key';
/**
 * Addresses stay valid this long (at least; see FILE_URL_ROUND_SEC): whoever holds one may read the
 * file, so a copied or logged address soon stops working. Every history page and every delivered
 * message is signed afresh, so an open chat gets new addresses as it is read.
 */
export const FILE_URL_TTL_SEC = 10 * 60;
/** Expiries are rounded up to this, so one picture keeps one address (and the browser's copy) for a while. */
export const FILE_URL_ROUND_SEC = 5 * 60;
const keyCache = new WeakMap<Db, Promise<Buffer>>();

/**
 * The key file addresses are signed with: made once and kept in the database, so every server
 * process signs and checks with the same key and addresses survive a restart.
 */
export function fileUrlKey(db: Db): Promise<Buffer> {
  let key = keyCache.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(chatKeys)
        .values({ name: FILE_URL_KEY, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(chatKeys).where(eq(chatKeys.name, FILE_URL_KEY));
      return Buffer.from(row!.value, 'base64url');
    })();
    key.catch(() => keyCache.delete(db));
    keyCache.set(db, key);
  }
  return key;
}

export type FileVariant = 'full' | 'thumb';

function signature(key: Buffer, seq: number, variant: FileVariant, exp: number): string {
  return createHmac('sha256', key).update(`chat-file:${seq}:${variant}:${exp}`).digest('base64url');
}

/**
 * A signed address of a chat file, valid 10 to 15 minutes. The expiry is rounded up to 5 minutes
 * so that the same picture keeps the same address (and the browser's cached copy) that long.
 */
export function signedFileUrl(key: Buffer, seq: number, variant: FileVariant, now: Date = new Date()): string {
  const exp = Math.ceil((now.getTime() / 1000 + FILE_URL_TTL_SEC) / FILE_URL_ROUND_SEC) * FILE_URL_ROUND_SEC;
  return `/api/chatFile/${seq}/${variant}?exp=${exp}&sig=${signature(key, seq, variant, exp)}`;
}

/** True when `sig` signs this file, variant and expiry, and the expiry has not passed. */
export function verifyFileUrl(
  key: Buffer,
  seq: number,
  variant: FileVariant,
  exp: number,
  sig: string,
  now: Date = new Date(),
): boolean {
  if (!Number.isInteger(exp) || exp * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(key, seq, variant, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
