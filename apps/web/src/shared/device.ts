/** Phone-type browsers get the mobile routes (routing guard). */
export function isPhoneBrowser(userAgent: string = navigator.userAgent): boolean {
  return /Android.+Mobile|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini|IEMobile|Mobile Safari/i.test(userAgent);
}

/** True when this page was opened by another window (popup). */
export function isPopup(): boolean {
  try {
    return window.opener !== null && window.opener !== window;
  } catch {
    return false;
  }
}

/** Whether the reader asked the system for less motion (prefers-reduced-motion), read at each call. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A move's duration, or 0 for a reader who asked for less motion: read at each move, so a change of
 * the setting counts from the next one (docs/requirements.md#windows-and-sizes).
 */
export function motionMs(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}
