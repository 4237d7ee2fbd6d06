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
