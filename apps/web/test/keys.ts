/** A key press as the shortcut rules read it: the key, with no modifier unless one is given. */
export function keyPress(
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods };
}
