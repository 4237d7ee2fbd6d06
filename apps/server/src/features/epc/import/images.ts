import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { groupDigits } from '@partsmall/contract';
import { decodeQueue, foreignData, imageLayout, MAX_INPUT_PIXELS, type ImageKind } from '../../chat/index.js';
import type { CatalogueSource } from './source.js';

/** Served under /uploads/epc/ with content-addressed names, so re-imports and catalogues share files. */
export const EPC_UPLOAD_FOLDER = 'epc';

export const IMAGE_MSG = {
  missing: (file: string) => `이미지 파일 '${file}'이(가) 폴더에 없습니다.`,
  tooLarge: (file: string, max: number) => `이미지 파일 '${file}'이(가) 너무 큽니다 (최대 ${formatBytes(max)}).`,
  type: (file: string) => `이미지 파일 '${file}'은(는) SVG, PNG, JPEG, WebP가 아니거나 확장자와 내용이 다릅니다.`,
  unsafeSvg: (file: string) =>
    `SVG 파일 '${file}'에 스크립트, 이벤트 속성, 외부 참조 또는 엔티티가 있어 쓸 수 없습니다.`,
  broken: (file: string) => `이미지 파일 '${file}'이(가) 손상되었거나 형식이 맞지 않아 읽을 수 없습니다.`,
  foreignData: (file: string) => `이미지 파일 '${file}'에 이미지가 아닌 데이터가 들어 있어 쓸 수 없습니다.`,
  tooManyPixels: (file: string, max: number) => {
    const side = Math.floor(Math.sqrt(max));
    return `이미지 파일 '${file}'의 해상도가 너무 큽니다 (최대 ${groupDigits(max / 10_000)}만 화소, 예: ${side}×${side}).`;
  },
};

/** 1536 -> '1.5 KB' (limits in messages). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n}바이트`;
}

export interface CheckedImage {
  /** Path in the catalogue folder. */
  file: string;
  /** Served path, /uploads/epc/<sha256 prefix>.<ext>. */
  served: string;
  stored: string;
}

const EXTENSIONS: Record<string, 'svg' | 'png' | 'jpg' | 'webp'> = {
  '.svg': 'svg',
  '.png': 'png',
  '.jpg': 'jpg',
  '.jpeg': 'jpg',
  '.webp': 'webp',
};

function matchesType(kind: 'svg' | 'png' | 'jpg' | 'webp', bytes: Buffer): boolean {
  if (kind === 'png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  if (kind === 'jpg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (kind === 'webp')
    return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  const head = bytes.subarray(0, 4096).toString('utf8');
  return /<svg[\s>]/i.test(head);
}

/**
 * SVGs are served from our own origin, so anything that could run or fetch is refused: scripts,
 * event attributes, foreignObject, javascript: and external references, DTD entities.
 */
export function isSafeSvg(text: string): boolean {
  if (/<script|<foreignObject|<!ENTITY|<!DOCTYPE|<iframe|<embed|<object/i.test(text)) return false;
  if (/\son[a-z]+\s*=/i.test(text)) return false;
  if (/javascript:|data:text\/html/i.test(text)) return false;
  // Only in-document references (#id) may be followed.
  if (/(?:xlink:)?href\s*=\s*["'](?!#)/i.test(text)) return false;
  if (/url\(\s*["']?(?!#)/i.test(text)) return false;
  return true;
}

/** The chat's names of the raster kinds (features/chat/image-check.ts). */
const RASTER_KIND = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const satisfies Record<string, ImageKind>;

/**
 * The problem of a PNG, JPEG or WebP, or null: judged as a chat picture is (docs/security.md#uploads):
 * its structure walked to its end, nothing foreign in its metadata or after it, the decoder reading
 * the same format, at most 25 megapixels (all frames counted), in the one decode queue of the
 * process. Unlike a chat picture it is stored and served as it came, not re-encoded, so every pixel
 * is decoded here: a file whose header is sound and whose pixel data is not would show a broken image.
 */
async function rasterProblem(file: string, kind: keyof typeof RASTER_KIND, bytes: Buffer): Promise<string | null> {
  const imageKind = RASTER_KIND[kind];
  const layout = imageLayout(bytes, imageKind);
  if (!layout) return IMAGE_MSG.broken(file);
  if (foreignData(bytes, imageKind, layout)) return IMAGE_MSG.foreignData(file);
  return decodeQueue.run(async () => {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: imageKind === 'webp' });
    try {
      const meta = await image.metadata();
      if (meta.format !== imageKind) return IMAGE_MSG.broken(file);
      if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1) > MAX_INPUT_PIXELS)
        return IMAGE_MSG.tooManyPixels(file, MAX_INPUT_PIXELS);
      await image.stats();
      return null;
    } catch (err) {
      return /pixel limit/i.test((err as Error).message)
        ? IMAGE_MSG.tooManyPixels(file, MAX_INPUT_PIXELS)
        : IMAGE_MSG.broken(file);
    }
  });
}

/**
 * Checks one image of the folder; returns the problem text or the stored name. An SVG is not
 * decoded (a browser draws it, at any size): it must be safe markup (isSafeSvg).
 */
export async function checkImage(
  source: CatalogueSource,
  file: string,
  maxBytes: number,
): Promise<CheckedImage | string> {
  const size = await source.size(file);
  if (size === null) return IMAGE_MSG.missing(file);
  if (size > maxBytes) return IMAGE_MSG.tooLarge(file, maxBytes);
  const kind = EXTENSIONS[path.extname(file).toLowerCase()];
  const bytes = await source.read(file);
  if (!kind || !matchesType(kind, bytes)) return IMAGE_MSG.type(file);
  if (kind === 'svg' && !isSafeSvg(bytes.toString('utf8'))) return IMAGE_MSG.unsafeSvg(file);
  if (kind !== 'svg') {
    const problem = await rasterProblem(file, kind, bytes);
    if (problem) return problem;
  }
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${kind}`;
  return { file, served: `/uploads/${EPC_UPLOAD_FOLDER}/${name}`, stored: name };
}

/** Copies checked images into UPLOAD_DIR/epc (skipping those already there: same name, same bytes). */
export async function storeImages(
  source: CatalogueSource,
  images: Iterable<CheckedImage>,
  uploadDir: string,
): Promise<number> {
  const dir = path.join(uploadDir, EPC_UPLOAD_FOLDER);
  await fs.promises.mkdir(dir, { recursive: true });
  let written = 0;
  for (const image of images) {
    const target = path.join(dir, image.stored);
    if (fs.existsSync(target)) continue;
    // Write under a temporary name of its own and rename, so a reader never sees half a file and
    // two imports storing the same image at once do not trip over each other.
    const temp = `${target}.${randomUUID()}.tmp`;
    await fs.promises.writeFile(temp, await source.read(image.file));
    await fs.promises.rename(temp, target);
    written++;
  }
  return written;
}
