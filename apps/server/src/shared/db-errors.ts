/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it in `cause`). */
function pgError(err: unknown): { code?: string; constraint?: string } | null {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: candidate.constraint };
    }
    e = candidate.cause;
  }
  return null;
}

/** The violated unique constraint's name, or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  const pg = pgError(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : null;
}

/**
 * Text PostgreSQL cannot store (a NUL character): the input's fault, never the server's.
 * 22021 character_not_in_repertoire, 22P05 untranslatable_character.
 */
export function invalidText(err: unknown): boolean {
  const code = pgError(err)?.code;
  return code === '22021' || code === '22P05';
}
