/**
 * The tab's history entry as React Router's browser history keeps it: `usr` is the state a
 * navigation gave (`navigate(to, { state })`), `idx` the entry's place among the app's entries of
 * this tab (0: nothing of the app behind it).
 */
type RouterEntry = { usr?: unknown; idx?: unknown } | null;

const entry = (): RouterEntry => window.history.state as RouterEntry;

/**
 * A document opened by a new navigation (its address opened again, typed or followed; not a
 * reload, not Back or Forward) starts without the state an earlier visit left in the entry:
 * Chromium keeps the entry, and its state, when the address opened is the one shown, so a phone's
 * product slide open before came back over its list (docs/requirements.md#shop-screens).
 * Run before the router starts, which reads the entry once.
 */
export function forgetStateOfEarlierVisit(): void {
  const [load] = performance.getEntriesByType?.('navigation') ?? [];
  const state = entry();
  if ((load as PerformanceNavigationTiming | undefined)?.type !== 'navigate' || !state?.usr) return;
  window.history.replaceState({ ...state, usr: null }, '');
}

/** Whether Back would land on an entry of the app: not when a restored tab starts on this entry. */
export function hasAppEntryBehind(): boolean {
  const idx = entry()?.idx;
  return typeof idx === 'number' && idx > 0;
}
