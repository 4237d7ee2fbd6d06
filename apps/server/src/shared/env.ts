/**
 * Reading the environment's provider settings (docs/operations.md#environment-variables), alike for
 * every provider: a missing key is a refusal gathered with the others, so that an operator reads every
 * reason at once, and a duration that is not a number falls back to its default.
 */

/**
 * Adds `${setting} 에는 A, B 이(가) 필요합니다` to `refusals` when some of `keys` are unset or empty;
 * true when every one is set.
 */
export function requireKeys(env: NodeJS.ProcessEnv, refusals: string[], setting: string, keys: string[]): boolean {
  const missing = keys.filter((k) => !env[k]);
  if (missing.length > 0) refusals.push(`${setting} 에는 ${missing.join(', ')} 이(가) 필요합니다`);
  return missing.length === 0;
}

/** A duration in milliseconds (at least 1); unset, empty, zero or not a number gives `fallback`. */
export const envMs = (env: NodeJS.ProcessEnv, name: string, fallback: number) =>
  Math.max(1, Number(env[name] ?? fallback) || fallback);

/** A count or duration that may be 0 (off); unset gives `fallback`, a negative or not-a-number value 0. */
export const envCount = (env: NodeJS.ProcessEnv, name: string, fallback: number) =>
  Math.max(0, Number(env[name] ?? fallback) || 0);
