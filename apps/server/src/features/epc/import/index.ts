import type { Db } from '../../../db/client.js';
import { DEFAULT_LIMITS, type ImportLimits, type TableName } from './format.js';
import { storeImages } from './images.js';
import { folderSource, memorySource, type CatalogueSource } from './source.js';
import { validateCatalogue, type ImportProblem } from './validate.js';
import { writeCatalogue } from './write.js';

export { deleteCatalogue } from './write.js';

export { DEFAULT_LIMITS, type ImportLimits } from './format.js';
export { folderSource, memorySource, type CatalogueSource } from './source.js';
export type { ImportProblem } from './validate.js';

export interface ImportReport {
  ok: boolean;
  mcid: string | null;
  /** Version the catalogue has after this import (1 for a new one), null when nothing was written. */
  version: number | null;
  /** Every problem found, up to the limit; nothing was written when there is any. */
  problems: ImportProblem[];
  /** Problems found beyond those listed. */
  moreProblems: number;
  /** Rows read per file. */
  counts: Partial<Record<TableName, number>>;
  /** Rows written to the database (all tables). */
  rows: number;
  imagesWritten: number;
  ms: number;
}

export interface ImportOptions {
  /** Where images go (UPLOAD_DIR); needed when the catalogue has local image files. */
  uploadDir?: string;
  /** Check the images and store their paths but do not copy the files (a seed without UPLOAD_DIR). */
  skipImageFiles?: boolean;
  /** Check and store the images only; the database is not written (restoring a lost UPLOAD_DIR). */
  imagesOnly?: boolean;
  limits?: Partial<ImportLimits>;
  now?: Date;
}

export const IMPORT_MSG = {
  noUploadDir: '이미지를 저장할 폴더(UPLOAD_DIR)가 지정되지 않았습니다.',
  vinTaken: '다른 카탈로그가 같은 차대번호를 동시에 가져왔습니다. 다시 시도하세요.',
};

/**
 * Imports one catalogue (docs/catalogue-format.md) from a folder or from files in memory: checks
 * everything first and writes nothing when anything is wrong; otherwise stores the images and
 * replaces the catalogue's previous version in one transaction, rows through COPY.
 * The CLI (`npm run catalogue:import -- DIR`), the demo seed and the back office call this.
 */
export async function importCatalogue(
  db: Db,
  from: string | CatalogueSource | Record<string, string | Uint8Array>,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now();
  const source = typeof from === 'string' ? folderSource(from) : isSource(from) ? from : memorySource(from);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const result = await validateCatalogue(db, source, limits, options.now);
  const base = { counts: result.plan?.counts ?? {}, rows: 0, imagesWritten: 0 };
  const refused = (problems: ImportProblem[], moreProblems = 0): ImportReport => ({
    ...base,
    ok: false,
    mcid: result.plan?.catalogue.mcid ?? null,
    version: null,
    problems,
    moreProblems,
    ms: Math.round(performance.now() - started),
  });
  if (!result.plan) return refused(result.problems, result.moreProblems);
  const plan = result.plan;
  if (plan.images.length > 0 && !options.uploadDir && !options.skipImageFiles)
    return refused([{ file: '', line: null, message: IMPORT_MSG.noUploadDir }]);

  // Images first: a file nobody points at yet is harmless if the transaction then fails.
  const imagesWritten =
    options.uploadDir && !options.skipImageFiles ? await storeImages(source, plan.images, options.uploadDir) : 0;
  if (options.imagesOnly) {
    return {
      ok: true,
      mcid: plan.catalogue.mcid,
      version: null,
      problems: [],
      moreProblems: 0,
      counts: plan.counts,
      rows: 0,
      imagesWritten,
      ms: Math.round(performance.now() - started),
    };
  }
  let written: { version: number };
  try {
    written = await writeCatalogue(db, plan);
  } catch (e) {
    // Two catalogues racing for one VIN: the unique index decides, the loser is refused whole.
    if (
      (e as { code?: string; constraint?: string }).code === '23505' &&
      /epc_vehicles_vin/.test(String((e as Error).message) + ((e as { constraint?: string }).constraint ?? ''))
    ) {
      return refused([{ file: 'vehicles', line: null, message: IMPORT_MSG.vinTaken }]);
    }
    throw e;
  }
  const rows = Object.values(plan.tables).reduce((n, t) => n + t.rows, 0);
  return {
    ok: true,
    mcid: plan.catalogue.mcid,
    version: written.version,
    problems: [],
    moreProblems: 0,
    counts: plan.counts,
    rows,
    imagesWritten,
    ms: Math.round(performance.now() - started),
  };
}

function isSource(value: object): value is CatalogueSource {
  return (
    typeof (value as CatalogueSource).list === 'function' && typeof (value as CatalogueSource).stream === 'function'
  );
}

/** One line per problem, as the CLI prints it: 'parts.jsonl:12: pid: 값이 없습니다.' */
export function formatProblem(p: ImportProblem): string {
  const where = p.file === '' ? '(폴더)' : p.line === null ? p.file : `${p.file}:${p.line}`;
  return `${where}: ${p.message}`;
}
