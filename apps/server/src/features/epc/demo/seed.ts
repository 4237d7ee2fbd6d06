import type { Db } from '../../../db/client.js';
import { epcCatalogues } from '../schema.js';
import { formatProblem, importCatalogue } from '../import/index.js';
import { allDemoCatalogueFiles } from './generate.js';

/**
 * Loads the demo catalogues through the importer, each only when missing. A catalogue already
 * there only gets its images restored (a new UPLOAD_DIR). Without an upload folder the rows are
 * loaded and the pictures left out.
 */
export async function seedEpcDemo(db: Db, opts: { uploadDir?: string } = {}): Promise<void> {
  const existing = new Set((await db.select({ mcid: epcCatalogues.mcid }).from(epcCatalogues)).map((r) => r.mcid));
  // Different catalogues import side by side (PostgreSQL overlaps them; PGlite takes turns).
  await Promise.all(
    allDemoCatalogueFiles().map(async ({ mcid, files }) => {
      const there = existing.has(mcid);
      if (there && !opts.uploadDir) return;
      const report = await importCatalogue(db, files, {
        uploadDir: opts.uploadDir,
        skipImageFiles: !opts.uploadDir,
        imagesOnly: there,
      });
      if (!report.ok)
        throw new Error(`demo catalogue ${mcid} refused:\n${report.problems.map(formatProblem).join('\n')}`);
    }),
  );
}
