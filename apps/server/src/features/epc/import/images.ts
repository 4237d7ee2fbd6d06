import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatBytes } from './format.js';
import type { CatalogueSource } from './source.js';

/** Served under /uploads/epc/ with content-addressed names, so re-imports and catalogues share files. */
export const EPC_UPLOAD_FOLDER = 'epc';

export const IMAGE_MSG = {
  missing: (file: string) => `이미지 파일 '${file}'이(가) 폴더에 없습니다.`,
  tooLarge: (file: string, max: number) => `이미지 파일 '${file}'이(가) 너무 큽니다 (최대 ${formatBytes(max)}).`,
  type: (file: string) => `이미지 파일 '${file}'은(는) SVG, PNG, JPEG, WebP가 아니거나 확장자와 내용이 다릅니다.`,
  unsafeSvg: (file: string) =>
    `SVG 파일 '${file}'에 스크립트, 이벤트 속성, 외부 참조 또는 엔티티가 있어 쓸 수 없습니다.`,
};

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

/** Checks one image of the folder; returns the problem text or the stored name. */
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
