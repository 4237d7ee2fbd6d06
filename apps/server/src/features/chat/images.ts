import { decode as decodeBmp } from 'bmp-ts';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { CHAT_LIMITS, MSG_CHAT } from '@partsmall/contract';
import { AppError, badRequest } from '../../shared/http.js';
import { declaredKind, foreignData, imageLayout, plainFileName, type ImageKind } from './image-check.js';

/** One part of an upload as the multipart parser hands it over. */
export interface IncomingFile {
  /** The name the browser sent (never used to store the file). */
  name: string;
  /** The Content-Type the browser declared for the part. */
  mimetype?: string | undefined;
  data: Buffer;
}

/** An accepted image, re-encoded from its pixels: nothing of the uploaded bytes is kept. */
export interface ProcessedImage {
  name: string;
  mime: string;
  ext: string;
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Decoded pixels above this are refused (a 10 MB file can declare a gigapixel image). */
export const MAX_INPUT_PIXELS = CHAT_LIMITS.imageMaxPixels;

/**
 * Images judged and re-encoded at once in this process. Decoding is CPU work on the thread pool:
 * without a bound, a few uploads of pictures that unpack large took every core, and the other
 * calls of the shop waited (product grids went from 5 ms to half a second). One image at a time,
 * each on one libvips thread, leaves the other cores and pool threads to everyone else; uploads
 * wait their turn in order.
 */
export const IMAGE_DECODE_SLOTS = 1;
sharp.concurrency(1);
const decodeLimit = pLimit(IMAGE_DECODE_SLOTS);
let decodePeak = 0;

/** The decode queue, with its gauges (read by the tests and usable for monitoring). */
export const decodeQueue = {
  run<T>(task: () => Promise<T>): Promise<T> {
    return decodeLimit(() => {
      decodePeak = Math.max(decodePeak, decodeLimit.activeCount);
      return task();
    });
  },
  /** Images being decoded now. */
  get active(): number {
    return decodeLimit.activeCount;
  },
  /** Images waiting for a slot. */
  get waiting(): number {
    return decodeLimit.pendingCount;
  },
  /** The most images ever decoded at once since the process started. */
  get peak(): number {
    return decodePeak;
  },
};
/** Stored images are at most this wide or high; chat pictures need no more. */
export const MAX_SIDE = 2560;
export const THUMB_SIDE = 320;

const FILE_TYPE_KIND: Record<string, ImageKind> = {
  jpg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  tif: 'tiff',
};
const SHARP_FORMAT_KIND: Record<string, ImageKind> = {
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  tiff: 'tiff',
};

const refuse = (message: string, why: string) => Object.assign(badRequest(message, 'imgFiles'), { why });

/**
 * The upload rules that need no decoding: 1 to 10 files, each at most 10 MB, each with a plain
 * file name. Throws the first broken rule's Korean message.
 */
export function checkUploadBatch(files: IncomingFile[]): string[] {
  if (files.length === 0) throw badRequest(MSG_CHAT.fileRequired, 'imgFiles');
  if (files.length > CHAT_LIMITS.filesPerUpload) throw badRequest(MSG_CHAT.tooManyFiles, 'imgFiles');
  return files.map((f) => {
    if (f.data.length > CHAT_LIMITS.fileMaxBytes) throw new AppError(413, MSG_CHAT.fileTooLarge, 413, 'imgFiles');
    if (f.data.length === 0) throw badRequest(MSG_CHAT.imageBroken, 'imgFiles');
    const name = plainFileName(f.name, CHAT_LIMITS.fileNameMax);
    if (name === null) throw badRequest(MSG_CHAT.fileNameInvalid, 'imgFiles');
    return name;
  });
}

/**
 * Judges one file by its content and re-encodes it (see image-check.ts for what is refused).
 * Customers may send jpg/jfif, png, gif, webp and bmp; staff also tiff.
 */
export async function processImage(
  file: IncomingFile,
  name: string,
  opts: { staff: boolean },
): Promise<ProcessedImage> {
  const onlyImages = opts.staff ? MSG_CHAT.imageOnlyStaff : MSG_CHAT.imageOnly;
  const sniffed = await fileTypeFromBuffer(file.data).catch(() => undefined);
  const kind = sniffed ? FILE_TYPE_KIND[sniffed.ext] : undefined;
  if (!kind || (kind === 'tiff' && !opts.staff)) throw refuse(onlyImages, `content is ${sniffed?.ext ?? 'unknown'}`);

  // A part declared as something other than an image (text/html, application/zip...) is a disguise.
  const declared = declaredKind(file.mimetype);
  if (declared === 'other') throw refuse(MSG_CHAT.imageForeignData, `declared ${file.mimetype}`);

  const layout = imageLayout(file.data, kind);
  if (!layout) throw refuse(MSG_CHAT.imageBroken, `${kind} structure`);
  const foreign = foreignData(file.data, kind, layout);
  if (foreign) throw refuse(MSG_CHAT.imageForeignData, foreign);

  const pixels = kind === 'bmp' ? bmpPixels(file.data) : null;
  const input = pixels
    ? sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    : null;
  const animated = kind === 'gif' || kind === 'webp';
  const source =
    input ?? sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated, autoOrient: !animated });
  let meta: Metadata;
  try {
    meta = await source.metadata();
  } catch (err) {
    throw refuse(tooBig(err) ? MSG_CHAT.imageTooBig : MSG_CHAT.imageBroken, `decoder: ${(err as Error).message}`);
  }
  // The decoder must see the same format as the magic bytes: a file that two readers take for two things is refused.
  if (!pixels && SHARP_FORMAT_KIND[meta.format ?? ''] !== kind)
    throw refuse(MSG_CHAT.imageBroken, `magic ${kind} but decodes as ${meta.format}`);
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * frameHeight * (meta.pages ?? 1) > MAX_INPUT_PIXELS)
    throw refuse(MSG_CHAT.imageTooBig, 'too many pixels');

  const out = outputFormat(kind, meta.hasAlpha === true && !pixels);
  try {
    const resized = source.resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      out.ext === 'jpg'
        ? resized.jpeg({ quality: 85, mozjpeg: true })
        : out.ext === 'png'
          ? resized.png()
          : out.ext === 'gif'
            ? resized.gif()
            : resized.webp({ quality: 85 });
    // Metadata (EXIF with its GPS position, comments, profiles) is not copied: sharp strips it unless asked.
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(data, { animated: false })
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const height = info.pageHeight ?? info.height;
    return { name, mime: out.mime, ext: out.ext, data, thumb, width: info.width, height };
  } catch (err) {
    throw refuse(MSG_CHAT.imageBroken, `encoder: ${(err as Error).message}`);
  }
}

function tooBig(err: unknown): boolean {
  return /pixel limit/i.test((err as Error)?.message ?? '');
}

/** What an accepted image is stored as: its own format, except BMP (PNG) and TIFF (JPEG, or PNG with transparency). */
function outputFormat(kind: ImageKind, alpha: boolean): { ext: string; mime: string } {
  switch (kind) {
    case 'jpeg':
      return { ext: 'jpg', mime: 'image/jpeg' };
    case 'png':
    case 'bmp':
      return { ext: 'png', mime: 'image/png' };
    case 'gif':
      return { ext: 'gif', mime: 'image/gif' };
    case 'webp':
      return { ext: 'webp', mime: 'image/webp' };
    case 'tiff':
      return alpha ? { ext: 'png', mime: 'image/png' } : { ext: 'jpg', mime: 'image/jpeg' };
  }
}

/** BI_RGB, BI_BITFIELDS and BI_ALPHABITFIELDS: one value per pixel, read row by row. */
const BMP_UNCOMPRESSED = new Set([0, 3, 6]);

/**
 * BMP is decoded in JavaScript (libvips has no BMP reader) into opaque RGB; its declared size is
 * checked before any pixel buffer is allocated.
 */
function bmpPixels(buf: Buffer): { data: Buffer; width: number; height: number } {
  const headerSize = buf.readUInt32LE(14);
  if (headerSize < 40) throw refuse(MSG_CHAT.imageBroken, 'old bmp header');
  const width = buf.readInt32LE(18);
  const height = Math.abs(buf.readInt32LE(22));
  if (width <= 0 || height <= 0) throw refuse(MSG_CHAT.imageBroken, 'bmp size');
  if (width * height > MAX_INPUT_PIXELS) throw refuse(MSG_CHAT.imageTooBig, 'bmp too many pixels');
  // Run-length data (BI_RLE8, BI_RLE4) is refused: the decoder follows its runs without a bound, on
  // the main thread, and a crafted 10 MB file kept it busy 107 s (docs/security.md#uploads).
  const compression = buf.readUInt32LE(30);
  if (!BMP_UNCOMPRESSED.has(compression)) throw refuse(MSG_CHAT.imageBmpCompressed, `bmp compression ${compression}`);
  let decoded: { data: Buffer; width: number; height: number };
  try {
    decoded = decodeBmp(buf);
  } catch (err) {
    throw refuse(MSG_CHAT.imageBroken, `bmp decoder: ${(err as Error).message}`);
  }
  // bmp-ts writes every pixel as A, B, G, R.
  const rgb = Buffer.alloc(decoded.width * decoded.height * 3);
  for (let i = 0, o = 0; o < rgb.length; i += 4, o += 3) {
    rgb[o] = decoded.data[i + 3]!;
    rgb[o + 1] = decoded.data[i + 2]!;
    rgb[o + 2] = decoded.data[i + 1]!;
  }
  return { data: rgb, width: decoded.width, height: decoded.height };
}
