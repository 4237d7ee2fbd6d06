/**
 * The windows and layers the shop sizes, exactly those sizes (docs/requirements.md#windows-and-sizes).
 * Windows open through openPopup; layers (notice, product) use the same numbers.
 */
export const POPUP = {
  notice: { width: 300, height: 300 },
  product: { width: 800, height: 500 },
  productWithNotes: { width: 800, height: 550 },
  chat: { width: 400, height: 728 },
  chatForced: { width: 400, height: 800 },
  staffConsole: { width: 500, height: 728 },
  image: { width: 400, height: 300 },
  payment: { width: 600, height: 400 },
  orderDetail: { width: 800, height: 600 },
  epc: { width: 1400, height: 900 },
} as const;

export type PopupSize = { width: number; height: number };

/** The window.open features of a size: 'width=600,height=400'. */
export function popupFeatures(size: PopupSize): string {
  return `width=${size.width},height=${size.height}`;
}

/** Opens a named window of an original size (docs/requirements.md#windows-and-sizes); null when the browser blocked it. */
export function openPopup(url: string, name: string, size: PopupSize): Window | null {
  return window.open(url, name, popupFeatures(size));
}
