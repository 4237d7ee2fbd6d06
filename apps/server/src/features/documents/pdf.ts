/**
 * pdfmake set up for the shop's documents: A4 with the committed Pretendard font (OFL) embedded, and
 * every door to the outside shut. pdfkit writes only the glyphs used, so a page of Korean costs tens of
 * kilobytes, not the font's 2.7 MB.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { printableOnDocuments } from '@partsmall/contract';
import { serverRoot } from '../../paths.js';
import { loadPdfmake } from './pdfmake-loader.js';

// pdfmake's document definition, as loosely as this file uses it. @types/pdfmake is not used: it pulls
// the browser's DOM typings into the whole server's compilation.
export type Content = string | { [key: string]: unknown } | Content[];
export type TableCell = Content;
export type ContentTable = {
  table: { widths: (number | string)[]; body: TableCell[][]; headerRows?: number; dontBreakRows?: boolean };
  layout?: object;
  margin?: number[];
};
export type TDocumentDefinitions = { [key: string]: unknown; content: Content[] };

/** The part of pdfmake's Node API used here (the module exports an instance, CommonJS). */
interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (path: string) => boolean): void;
  createPdf(doc: TDocumentDefinitions): { getStream(): Promise<Readable & { end(): void }> };
}
const pdfmake = loadPdfmake<PdfMake>();

export const FONT_DIR = path.join(serverRoot, 'assets/fonts');
const FONT_FILES = { normal: 'Pretendard-Regular.ttf', bold: 'Pretendard-Bold.ttf' } as const;

let ready = false;

/**
 * Loads the fonts once into pdfmake's in-memory file system and shuts every other door: a document's
 * text never names a file or an address that pdfmake would then read or fetch.
 */
function setUp(): void {
  if (ready) return;
  for (const file of Object.values(FONT_FILES))
    pdfmake.virtualfs.writeFileSync(file, readFileSync(path.join(FONT_DIR, file)));
  pdfmake.setFonts({
    Pretendard: {
      normal: FONT_FILES.normal,
      bold: FONT_FILES.bold,
      italics: FONT_FILES.normal,
      bolditalics: FONT_FILES.bold,
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  ready = true;
}

/** Any document of this module's kind (fonts set up, outside access shut) as a PDF stream. */
export async function pdfDocumentStream(doc: TDocumentDefinitions): Promise<Readable> {
  return toStream(doc);
}

/**
 * Every text of a document as its font prints it: a name or address stored with emoji before the
 * input rules refused them (docs/requirements.md#validation) printed a box for each.
 */
function printable<T>(value: T): T {
  if (typeof value === 'string') return printableOnDocuments(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printable(v)])) as T;
  return value;
}

export async function toStream(doc: TDocumentDefinitions): Promise<Readable> {
  setUp();
  const pdf = await pdfmake.createPdf(printable(doc)).getStream();
  // pdfmake has written every page into pdfkit; end() flushes the trailer and ends the stream.
  pdf.end();
  return pdf;
}

export async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
