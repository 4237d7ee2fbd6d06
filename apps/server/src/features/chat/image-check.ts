/**
 * Pure checks of an uploaded image's bytes, before any decoder sees them.
 *
 * How an image polyglot (a file that is a valid image AND something else: HTML or script a
 * browser might sniff, a ZIP/JAR a reader opens from the end, a PDF) is refused:
 *  1. The image's own structure is walked to where the image ends (PNG IEND, GIF trailer, RIFF
 *     size, BMP size, JPEG EOI). For PNG, GIF, WebP and BMP anything but zero padding after that
 *     end is refused: a payload appended to the image is what those polyglots are. JPEG photos
 *     from phones legitimately carry data after EOI (multi-picture gain maps, Samsung motion
 *     photos), so there the trailer is refused only when it holds a foreign signature below.
 *  2. Active content (HTML, script, PHP, SVG markup) is looked for, case-insensitively, where
 *     text can hide without disturbing the pixels: the first kilobyte (what browsers sniff),
 *     metadata segments and chunks (JPEG APPn/COM, PNG ancillary chunks, GIF extensions, WebP
 *     metadata chunks), and the trailer. Compressed pixel data is not searched, so photos do not
 *     trip over chance byte sequences.
 *  3. A PDF header in the first kilobyte, a ZIP end-of-central-directory record in the last 64 KB
 *     (where ZIP readers look), and ZIP, RAR, 7z, gzip, PDF or executable headers in the trailer.
 * Besides, the type found by the magic bytes must be the type the decoder decodes, and every
 * accepted image is re-encoded from its pixels, so nothing of the original file is ever stored.
 */

import { isPlainText } from '@partsmall/contract';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'bmp' | 'tiff';

export interface ImageLayout {
  /** Offset just past the image's last byte. */
  end: number;
  /** Byte ranges [start, end) that hold metadata rather than pixels. */
  textRegions: [number, number][];
}

/** Walks the image's structure; null when it is malformed. */
export function imageLayout(buf: Buffer, kind: ImageKind): ImageLayout | null {
  try {
    switch (kind) {
      case 'png':
        return pngLayout(buf);
      case 'gif':
        return gifLayout(buf);
      case 'jpeg':
        return jpegLayout(buf);
      case 'webp':
        return webpLayout(buf);
      case 'bmp':
        return bmpLayout(buf);
      case 'tiff':
        // TIFF's directory can point anywhere; only the first kilobyte and re-encoding guard it (staff only).
        return { end: buf.length, textRegions: [] };
    }
  } catch {
    return null;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngLayout(buf: Buffer): ImageLayout | null {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const textRegions: [number, number][] = [];
  let pos = 8;
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const dataEnd = pos + 8 + length;
    if (dataEnd + 4 > buf.length) return null;
    if (type !== 'IDAT' && type !== 'fdAT') textRegions.push([pos + 8, dataEnd]);
    pos = dataEnd + 4;
    if (type === 'IEND') return { end: pos, textRegions };
  }
  return null;
}

function gifLayout(buf: Buffer): ImageLayout | null {
  const head = buf.toString('latin1', 0, 6);
  if (head !== 'GIF87a' && head !== 'GIF89a') return null;
  const textRegions: [number, number][] = [];
  let pos = 13;
  const flags = buf[10]!;
  if (flags & 0x80) pos += 3 * (1 << ((flags & 0x07) + 1));
  /** Skips a chain of sub-blocks; returns the offset after the terminator. */
  const subBlocks = (from: number, text: boolean) => {
    let p = from;
    for (;;) {
      if (p >= buf.length) throw new RangeError('truncated');
      const size = buf[p]!;
      if (size === 0) return p + 1;
      if (text) textRegions.push([p + 1, p + 1 + size]);
      p += 1 + size;
    }
  };
  while (pos < buf.length) {
    const block = buf[pos]!;
    if (block === 0x3b) return { end: pos + 1, textRegions };
    if (block === 0x21) {
      pos = subBlocks(pos + 2, true);
    } else if (block === 0x2c) {
      if (pos + 10 > buf.length) return null;
      const local = buf[pos + 9]!;
      pos += 10;
      if (local & 0x80) pos += 3 * (1 << ((local & 0x07) + 1));
      pos = subBlocks(pos + 1, false); // skips the LZW minimum code size, then the pixel data
    } else {
      return null;
    }
  }
  return null;
}

function jpegLayout(buf: Buffer): ImageLayout | null {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  const textRegions: [number, number][] = [];
  let pos = 2;
  while (pos + 1 < buf.length) {
    if (buf[pos] !== 0xff) return null;
    const marker = buf[pos + 1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) return { end: pos + 2, textRegions };
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (pos + 4 > buf.length) return null;
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2) return null;
    const segmentEnd = pos + 2 + length;
    if (segmentEnd > buf.length) return null;
    // APPn and COM carry free data; tables (DQT, DHT, SOF) are short binary and searched too.
    textRegions.push([pos + 4, segmentEnd]);
    pos = segmentEnd;
    if (marker === 0xda) {
      // Entropy-coded data runs until a marker other than a stuffed 0xFF00 or a restart marker.
      while (pos + 1 < buf.length) {
        if (buf[pos] === 0xff) {
          const next = buf[pos + 1]!;
          if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        pos += 1;
      }
    }
  }
  return null;
}

function webpLayout(buf: Buffer): ImageLayout | null {
  if (buf.toString('latin1', 0, 4) !== 'RIFF' || buf.toString('latin1', 8, 12) !== 'WEBP') return null;
  const end = 8 + buf.readUInt32LE(4);
  if (end > buf.length) return null;
  const textRegions: [number, number][] = [];
  let pos = 12;
  while (pos + 8 <= end) {
    const type = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const dataEnd = pos + 8 + size;
    if (dataEnd > end) return null;
    if (!['VP8 ', 'VP8L', 'ALPH', 'ANMF'].includes(type)) textRegions.push([pos + 8, dataEnd]);
    pos = dataEnd + (size % 2);
  }
  return { end, textRegions };
}

function bmpLayout(buf: Buffer): ImageLayout | null {
  if (buf.length < 54 || buf.toString('latin1', 0, 2) !== 'BM') return null;
  const declared = buf.readUInt32LE(2);
  const pixelOffset = buf.readUInt32LE(10);
  if (pixelOffset < 54 || pixelOffset > buf.length) return null;
  // Some writers leave the size field 0; then the file is taken as it is.
  const end = declared >= pixelOffset && declared <= buf.length ? declared : buf.length;
  return { end, textRegions: [[0, pixelOffset]] };
}

/** Markup a browser or an interpreter would act on. */
const ACTIVE_CONTENT =
  /<(?:script|html|body|iframe|svg|object|embed|img)[\s/>]|<\?php|<!doctype|javascript:|<\?xml-stylesheet/i;
const TRAILER_SIGNATURES: [string, Buffer][] = [
  ['zip', Buffer.from('PK\x03\x04', 'latin1')],
  ['zip', Buffer.from('PK\x05\x06', 'latin1')],
  ['rar', Buffer.from('Rar!\x1a\x07', 'latin1')],
  ['7z', Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
  ['pdf', Buffer.from('%PDF-', 'latin1')],
  ['elf', Buffer.from('\x7fELF', 'latin1')],
];
const ZIP_END = Buffer.from('PK\x05\x06', 'latin1');
const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
/** A ZIP reader looks for its end record within the last 65,557 bytes (22 + a 64 KB comment). */
const ZIP_END_WINDOW = 65_557;

function hasActiveContent(region: Buffer): boolean {
  if (region.length < 5) return false;
  return ACTIVE_CONTENT.test(region.toString('latin1'));
}

function startsWithExecutable(trailer: Buffer): boolean {
  const start = trailer.subarray(0, 2).toString('latin1');
  return start === 'MZ' || start === '#!';
}

/**
 * Why the bytes are not only an image of `kind` (a short reason for the log), or null when they are.
 * `layout` is the image's structure from imageLayout.
 */
export function foreignData(buf: Buffer, kind: ImageKind, layout: ImageLayout): string | null {
  const first = buf.subarray(0, 1024);
  if (hasActiveContent(first)) return 'markup in the first kilobyte';
  if (first.includes(PDF_HEADER)) return 'pdf header';
  if (buf.subarray(Math.max(0, buf.length - ZIP_END_WINDOW)).includes(ZIP_END)) return 'zip end record';
  for (const [start, end] of layout.textRegions) {
    if (hasActiveContent(buf.subarray(start, end))) return 'markup in metadata';
    for (const [name, signature] of TRAILER_SIGNATURES) {
      if (buf.subarray(start, end).includes(signature)) return `${name} in metadata`;
    }
  }
  const trailer = buf.subarray(layout.end);
  if (trailer.length > 0) {
    if (kind !== 'jpeg' && trailer.some((b) => b !== 0)) return 'data after the image';
    if (hasActiveContent(trailer)) return 'markup after the image';
    if (startsWithExecutable(trailer)) return 'program after the image';
    for (const [name, signature] of TRAILER_SIGNATURES) {
      if (trailer.includes(signature)) return `${name} after the image`;
    }
  }
  return null;
}

/** The kind of a MIME type a browser declared for a part, or 'other' / 'unknown'. */
export function declaredKind(mime: string | undefined): ImageKind | 'unknown' | 'other' {
  const m = (mime ?? '').toLowerCase().split(';')[0]!.trim();
  if (m === '' || m === 'application/octet-stream') return 'unknown';
  if (m === 'image/jpeg' || m === 'image/jpg' || m === 'image/pjpeg' || m === 'image/jfif') return 'jpeg';
  if (m === 'image/png' || m === 'image/x-png' || m === 'image/apng') return 'png';
  if (m === 'image/gif') return 'gif';
  if (m === 'image/webp') return 'webp';
  if (m === 'image/bmp' || m === 'image/x-bmp' || m === 'image/x-ms-bmp') return 'bmp';
  if (m === 'image/tiff' || m === 'image/tif') return 'tiff';
  return 'other';
}

/**
 * The sender's file name for display, or null when it is not a plain name: empty, too long, a
 * path (slashes, backslashes, a drive or stream colon, '.' or '..'), control characters, or bytes
 * that were not UTF-8.
 */
export function plainFileName(name: string, max: number): string | null {
  const trimmed = name.normalize('NFC').trim();
  if (trimmed === '' || [...trimmed].length > max) return null;
  if (/[/\\:]/.test(trimmed) || trimmed === '.' || trimmed === '..') return null;
  // A control character, or a bidi override that shows the name as another ('abc\u202Egnp.exe' reads
  // 'abcexe.png'): docs/requirements.md#validation.
  if (!isPlainText(trimmed)) return null;
  // Bytes that are not UTF-8 reach here as U+FFFD (the multipart parser decodes the name so): such a
  // name is refused, not stored and shown as 'a��b.png'.
  if (trimmed.includes('\uFFFD')) return null;
  return trimmed;
}
