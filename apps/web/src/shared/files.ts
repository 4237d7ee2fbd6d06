import type { ApiFile } from './api';

/** Saves a file under its name (the browser's download). */
export function saveFile(file: ApiFile) {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Opens a PDF the server answers in a new tab. The tab is opened at the click (a browser lets a
 * click open a window, not a later promise) and shows the file once it has arrived; when the
 * browser blocked the tab, the file is saved instead. A refusal closes the tab and rejects with
 * the server's message.
 */
export async function openFile(load: () => Promise<ApiFile>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const file = await load();
    if (!tab || tab.closed) return saveFile(file);
    const url = URL.createObjectURL(file.blob);
    tab.location.href = url;
    // The tab keeps its copy once loaded; the address is freed a while later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}
