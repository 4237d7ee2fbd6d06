import { unzipSync } from 'fflate';
import { MSG_CATALOGUE, type CatalogueReport } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError, badRequest } from '../../shared/http.js';
import { importCatalogue } from '../epc/index.js';
import { recordAudit } from './audit.js';

/** Declared uncompressed size and entry count an upload may have (a zip bomb is refused before inflating). */
const MAX_TOTAL_BYTES = 500 * 1024 * 1024;
const MAX_FILES = 20_000;

/**
 * A catalogue folder from a zip: directory entries and macOS metadata are skipped, and when every
 * file sits in one top folder (a zipped folder) that folder is taken as the catalogue's root.
 */
export function unzipCatalogue(zip: Uint8Array): Record<string, Uint8Array> {
  let total = 0;
  let count = 0;
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (f.name.endsWith('/') || f.name.startsWith('__MACOSX/') || f.name.split('/').pop()!.startsWith('.'))
          return false;
        total += f.originalSize;
        count += 1;
        if (total > MAX_TOTAL_BYTES || count > MAX_FILES) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    throw badRequest(MSG_CATALOGUE.notZip, 'data');
  }
  if (tooBig) throw new AppError(413, MSG_CATALOGUE.tooBig, 413, 'data');
  const names = Object.keys(files);
  const top = names[0]?.split('/')[0];
  if (top && !Object.hasOwn(files, 'catalogue.jsonl') && names.every((n) => n.startsWith(`${top}/`))) {
    return Object.fromEntries(names.map((n) => [n.slice(top.length + 1), files[n]!]));
  }
  return files;
}

/** Unzips and imports through the catalogue importer (validate all, write all or nothing), and records it. */
export async function uploadCatalogue(
  db: Db,
  uploadDir: string,
  staffId: number,
  r: { name: string; data: string },
): Promise<CatalogueReport> {
  const files = unzipCatalogue(Buffer.from(r.data, 'base64'));
  if (Object.keys(files).length === 0) throw badRequest(MSG_CATALOGUE.notZip, 'data');
  const report = await importCatalogue(db, files, { uploadDir });
  if (report.ok) {
    await recordAudit(db, {
      memberId: staffId,
      action: 'uploadCatalogue',
      target: `catalogue:${report.mcid ?? ''}`,
      before: null,
      after: { file: r.name, version: report.version, counts: report.counts },
    });
  }
  return { ...report, counts: report.counts as Record<string, number> };
}
