/**
 * Reading the environment's provider settings (docs/operations.md#environment-variables), alike for
 * every provider: a missing key is a refusal gathered with the others, so that an operator reads every
 * reason at once; a duration that is not a number falls back to its default, while a count that may
 * be 0 and is not a whole number is refused.
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

/**
 * A count or duration that may be 0 (off); unset or empty gives `fallback`. Anything but a whole
 * number from 0 up ('abc', '-5', '2.5', '1e3') is a refusal added to `refusals`: for these settings 0
 * means "no limit" or "never", so a typo must not quietly switch one off
 * (docs/operations.md#environment-variables).
 */
export function envCount(env: NodeJS.ProcessEnv, refusals: string[], name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d{1,15}$/.test(raw.trim())) {
    refusals.push(`${name}=${raw} 은(는) 0 이상의 정수여야 합니다`);
    return fallback;
  }
  return Number(raw.trim());
}
