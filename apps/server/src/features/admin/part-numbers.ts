import {
  alphaNumber,
  checkPartRelations,
  checkSynonymGroups,
  MSG_PART_ADMIN,
  XREF_CSV_COLUMNS,
  XREF_CSV_MAX_LINES,
  xrefFields,
  type ImportXrefsResult,
  type PartRelation,
  type SynonymGroup,
  type XrefFields,
  type XrefRow,
} from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import {
  deleteSynonymGroup,
  deleteXrefRow,
  insertXref,
  insertXrefs,
  invalidateProductLists,
  invalidateSynonyms,
  type StoredXref,
  supersessionsAround,
  synonymGroups,
  writeSynonymGroup,
  xrefById,
  xrefKeys,
  xrefPage,
} from '../products/index.js';
import { recordAudit } from './audit.js';
import { parseCsvOffThread } from '../../workers/pools.js';
import { blankRecord, codeOfCell, recordLineOf } from '../../shared/csv.js';
import { lockFor } from '../../db/locks.js';

/**
 * The back office's part-number cross-reference and synonym table (
 * docs/search.md#part-numbers, docs/search.md#korean-name-search). Every write is checked against
 * what is stored (the catalogues' replacements included): a supersession cycle, a chain of more than
 * 20 steps, a looping or empty synonym are refused and change nothing; every write is audited.
 */

const unprocessable = (message: string) => new AppError(422, message);
const conflict = (message: string) => new AppError(409, message);

const toRow = (r: StoredXref): XrefRow => ({
  seq: r.id,
  pid: r.pid,
  toPid: r.toPid,
  kind: r.kind,
  remark: r.remark,
  createdBy: r.createdBy ?? '',
  created: r.createdAt.toISOString(),
});

export async function listXrefs(
  db: Db,
  q: { keyword?: string | undefined; page: number; size: number },
): Promise<{ results: XrefRow[]; total: number }> {
  const { rows, total } = await xrefPage(db, q.keyword ? alphaNumber(q.keyword) : '', q);
  return { results: rows.map(toRow), total };
}

/**
 * The problems new relations bring (those the stored ones already had are not theirs), each with the
 * index of the new relation concerned: the one named, or the one whose step the loop or chain takes.
 */
async function problemsOfNew(
  db: Db | Tx,
  added: readonly PartRelation[],
): Promise<{ index: number; message: string }[]> {
  const stored = await supersessionsAround(
    db,
    added.flatMap((r) => [alphaNumber(r.from), alphaNumber(r.to)]).filter((k) => k !== ''),
  );
  const key = (p: { kind: string; numbers: string[] }) => `${p.kind}:${p.numbers.map(alphaNumber).join('>')}`;
  const before = new Set(checkPartRelations(stored).map(key));
  const out: { index: number; message: string }[] = [];
  for (const p of checkPartRelations([...added, ...stored])) {
    if (p.index < added.length) out.push({ index: p.index, message: p.message });
    else if (!before.has(key(p))) {
      const steps = p.numbers.map(alphaNumber);
      const at = added.findIndex((r) =>
        steps.some((s, i) => s === alphaNumber(r.from) && steps[i + 1] === alphaNumber(r.to)),
      );
      out.push({ index: Math.max(at, 0), message: p.message });
    }
  }
  return out;
}

export async function saveXref(db: Db, staffId: number, f: XrefFields): Promise<XrefRow> {
  if (alphaNumber(f.pid) === '') throw badRequest(MSG_PART_ADMIN.pid, 'pid');
  if (alphaNumber(f.toPid) === '') throw badRequest(MSG_PART_ADMIN.pid, 'toPid');
  const id = await db.transaction(async (tx) => {
    // One writer of relations at a time: two saves could each close half of a loop.
    await lockFor(tx, 'part-xrefs');
    const [problem] = await problemsOfNew(tx, [{ from: f.pid, to: f.toPid, kind: f.kind }]);
    if (problem) throw unprocessable(problem.message);
    const inserted = await insertXref(tx, staffId, f);
    if (inserted === null) throw conflict(MSG_PART_ADMIN.duplicate);
    await recordAudit(tx, {
      memberId: staffId,
      action: 'saveXref',
      target: `xref:${inserted}`,
      before: null,
      after: f,
    });
    return inserted;
  });
  invalidateProductLists();
  return toRow((await xrefById(db, id))!);
}

/** What each deletion is recorded as in the audit log (its target `<kind>:<seq>`) and says when nothing is there. */
const DELETIONS = {
  deleteXref: { kind: 'xref', missing: MSG_PART_ADMIN.notFound },
  deleteSynonym: { kind: 'synonym', missing: MSG_PART_ADMIN.synonymNotFound },
} as const;

/**
 * A deletion and its audit row in one transaction: `remove` deletes row `seq` and answers what was
 * stored (the audit's before, and the answer here), or undefined when there was nothing: refused as
 * not found.
 */
async function deleteAudited<T>(
  db: Db,
  staffId: number,
  action: keyof typeof DELETIONS,
  seq: number,
  remove: (tx: Tx, seq: number) => Promise<T | undefined>,
): Promise<T> {
  const { kind, missing } = DELETIONS[action];
  return db.transaction(async (tx) => {
    const before = await remove(tx, seq);
    if (before === undefined) throw notFound(missing);
    await recordAudit(tx, { memberId: staffId, action, target: `${kind}:${seq}`, before, after: null });
    return before;
  });
}

/** Removes relation `seq` and answers its kind, which the message names. */
export async function deleteXref(db: Db, staffId: number, seq: number): Promise<XrefRow['kind']> {
  const removed = await deleteAudited(db, staffId, 'deleteXref', seq, async (tx, id) => {
    const row = await deleteXrefRow(tx, id);
    return row && { pid: row.pid, toPid: row.toPid, kind: row.kind, remark: row.remark };
  });
  invalidateProductLists();
  return removed.kind;
}

/**
 * A cross-reference CSV (pid,toPid,kind,remark): the preview names every refused line with the
 * file's name; with commit, all lines are written or none.
 */
export async function importXrefs(
  db: Db,
  staffId: number,
  r: { fileName: string; csv: string; commit: boolean },
): Promise<ImportXrefsResult & { added: number }> {
  // Parsed in the file worker pool (docs/security.md#costly-work).
  const cells = await parseCsvOffThread(r.csv, `staff:${staffId}`, MSG_PART_ADMIN.csvBroken);
  const [header, ...lines] = cells;
  if (!header || header.map((h) => h.trim()).join(',') !== XREF_CSV_COLUMNS.join(','))
    throw badRequest(MSG_PART_ADMIN.csvHeader, 'csv');
  // A line of empty cells (a spreadsheet's trailing rows, saved as commas) is a blank line: skipped,
  // still counted in the lines the messages name (docs/requirements.md#back-office).
  const filled = lines.filter((cols) => !blankRecord(cols)).length;
  if (filled === 0) throw badRequest(MSG_PART_ADMIN.csvNoRows, 'csv');
  if (filled > XREF_CSV_MAX_LINES) throw badRequest(MSG_PART_ADMIN.csvTooManyLines(XREF_CSV_MAX_LINES), 'csv');
  const at = (line: number, message: string) => ({ line, message: MSG_PART_ADMIN.lineOf(r.fileName, line, message) });

  const errors: ImportXrefsResult['errors'] = [];
  const parsed: { line: number; fields: XrefFields }[] = [];
  // Each record's line in the file (blank lines and line breaks in quoted cells count), as staff find it.
  const lineOf = recordLineOf(r.csv, cells.length);
  lines.forEach((cols, i) => {
    if (blankRecord(cols)) return;
    const line = lineOf(i + 1);
    // A number-like code a sheet keeps as text (`="07119915325"`) is the digits inside.
    const [pid, toPid, kind, remark] = cols.map(codeOfCell);
    const result = xrefFields.safeParse({ pid, toPid, kind: kind?.trim(), remark: remark ?? '' });
    if (!result.success) return void errors.push(at(line, result.error.issues[0]?.message ?? MSG_PART_ADMIN.csvBroken));
    if (alphaNumber(result.data.pid) === '' || alphaNumber(result.data.toPid) === '')
      return void errors.push(at(line, MSG_PART_ADMIN.pid));
    parsed.push({ line, fields: result.data });
  });
  const relations = parsed.map((p) => ({ from: p.fields.pid, to: p.fields.toPid, kind: p.fields.kind }));
  const check = async (tx: Db | Tx) => {
    for (const p of await problemsOfNew(tx, relations)) errors.push(at(parsed[p.index]!.line, p.message));
    errors.sort((a, b) => a.line - b.line);
  };
  // A line whose relation is stored, or written by an earlier line of the file, adds nothing.
  const existing = new Set((await xrefKeys(db)).map((x) => `${x.pidKey}>${x.toKey}>${x.kind}`));
  const rows = parsed.map((p) => {
    const key = `${alphaNumber(p.fields.pid)}>${alphaNumber(p.fields.toPid)}>${p.fields.kind}`;
    const action = existing.has(key) ? ('same' as const) : ('create' as const);
    existing.add(key);
    return { line: p.line, pid: p.fields.pid, toPid: p.fields.toPid, kind: p.fields.kind, action };
  });
  // A refused line is listed once, with its reason, never also as a relation to be added.
  const accepted = () => {
    const refused = new Set(errors.map((e) => e.line));
    return rows.filter((row) => !refused.has(row.line));
  };
  if (!r.commit || errors.length > 0) {
    await check(db);
    return { committed: false, rows: accepted(), errors, added: 0 };
  }
  const written = await db.transaction(async (tx) => {
    await lockFor(tx, 'part-xrefs');
    // Checked again under the lock, against what is stored now.
    await check(tx);
    if (errors.length > 0) return null;
    const n = await insertXrefs(
      tx,
      staffId,
      parsed.map((p) => p.fields),
    );
    await recordAudit(tx, {
      memberId: staffId,
      action: 'importXrefs',
      target: `xrefs:${n}`,
      before: null,
      after: { fileName: r.fileName, lines: parsed.length, created: n },
    });
    return n;
  });
  if (written === null) return { committed: false, rows: accepted(), errors, added: 0 };
  invalidateProductLists();
  return { committed: true, rows, errors, added: written };
}

// ---------------------------------------------------------------- synonyms

export async function listSynonyms(db: Db): Promise<SynonymGroup[]> {
  const rows = await synonymGroups(db);
  return rows.map((r) => ({ seq: r.id, terms: r.terms }));
}

/** Creates (no seq) or replaces a group; refused when a term is empty, repeated in another group or the group has one word. */
export async function saveSynonym(
  db: Db,
  staffId: number,
  r: { seq?: number | undefined; terms: string[] },
): Promise<SynonymGroup> {
  const terms = [...new Set(r.terms.map((t) => t.trim()))];
  const saved = await db.transaction(async (tx) => {
    await lockFor(tx, 'part-synonyms');
    const all = await synonymGroups(tx, true);
    const before = r.seq === undefined ? null : all.find((g) => g.id === r.seq);
    if (r.seq !== undefined && !before) throw notFound(MSG_PART_ADMIN.synonymNotFound);
    const others = all.filter((g) => g.id !== r.seq).map((g) => g.terms);
    // The group being saved goes last, so a problem found is about it.
    const problems = checkSynonymGroups([...others, terms]).filter((p) => p.group === others.length);
    if (problems[0]) throw unprocessable(problems[0].message);
    const id = await writeSynonymGroup(tx, before ? before.id : null, terms);
    await recordAudit(tx, {
      memberId: staffId,
      action: 'saveSynonym',
      target: `synonym:${id}`,
      before: before?.terms ?? null,
      after: terms,
    });
    return { seq: id, terms };
  });
  invalidateSynonyms();
  invalidateProductLists();
  return saved;
}

export async function deleteSynonym(db: Db, staffId: number, seq: number): Promise<void> {
  await deleteAudited(db, staffId, 'deleteSynonym', seq, deleteSynonymGroup);
  invalidateSynonyms();
  invalidateProductLists();
}
