import { MSG_CATALOGUE, type CatalogueReport } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../shared/http.js';
import { importCatalogue } from '../epc/index.js';
import { recordAudit } from './audit.js';
import { unzipCatalogue } from './catalogue-zip.js';

/** Unzips and imports through the catalogue importer (validate all, write all or nothing), and records it. */
export async function uploadCatalogue(
  db: Db,
  uploadDir: string,
  staffId: number,
  r: { name: string; data: string },
): Promise<CatalogueReport> {
  const files = await unzipCatalogue(Buffer.from(r.data, 'base64'));
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
