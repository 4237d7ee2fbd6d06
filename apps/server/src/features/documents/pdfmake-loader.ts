/**
 * Loads pdfmake with one parsed copy of each font shared by every document.
 *
 * pdfkit parses the font file anew for each document (fontkit.create), and fontkit decodes its tables
 * (character map, metrics, the Korean shaping and kerning lookups) lazily on the font object, so every
 * document paid 100-300 ms before its first line of text: a 50-line statement took half a second.
 * A parsed fontkit font is only read from while laying out text and building a subset (the subset
 * itself is a new object per document), so one copy can serve all documents of the process. pdfkit
 * exposes no option for this; the module it requires is swapped for one whose `create` remembers its
 * answer per font buffer, before pdfkit is first loaded.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

type FontkitModule = { create(buffer: Uint8Array, postscriptName?: string): unknown } & Record<string, unknown>;

function shareParsedFonts(): void {
  const pdfkitDir = path.dirname(require.resolve('pdfkit'));
  const fontkitPath = require.resolve('fontkit', { paths: [pdfkitDir] });
  const entry = require.cache[fontkitPath];
  if (entry && (entry.exports as { sharedFonts?: boolean }).sharedFonts) return;
  const fontkit = require(fontkitPath) as FontkitModule;
  const parsed = new WeakMap<Uint8Array, Map<string, unknown>>();
  const shared: FontkitModule = {
    ...fontkit,
    sharedFonts: true,
    create(buffer: Uint8Array, postscriptName?: string) {
      let byName = parsed.get(buffer);
      if (!byName) parsed.set(buffer, (byName = new Map()));
      const key = postscriptName ?? '';
      if (!byName.has(key)) byName.set(key, fontkit.create(buffer, postscriptName));
      return byName.get(key);
    },
  };
  require.cache[fontkitPath]!.exports = shared;
}

export function loadPdfmake<T>(): T {
  shareParsedFonts();
  return require('pdfmake') as T;
}
