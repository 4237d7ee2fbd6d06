import { inArray, eq, and, ne } from 'drizzle-orm';
import { alphaNumber, checkPartRelations, shortVinOf, vinModelYear, type PartRelation } from '@partsmall/contract';
import type { Db } from '../../../db/client.js';
import { epcCatalogues, epcVehicles } from '../schema.js';
import { CopyBuffer } from './copy-text.js';
import { checkRow, M, REQUIRED_TABLES, TABLES, type ImportLimits, type Row, type TableName } from './format.js';
import { checkImage, type CheckedImage } from './images.js';
import { readCsv, readJsonLines, type CatalogueSource } from './source.js';
import {
  Problems,
  V,
  WRITE_TABLES,
  fitOf,
  json,
  type ImportPlan,
  type ImportProblem,
  type WriteTable,
} from './plan.js';

export { V, WRITE_TABLES, type ImportPlan, type ImportProblem, type WriteTable } from './plan.js';

/**
 * Reads and checks every file of a catalogue folder without writing anything: row shapes,
 * duplicate keys, references between tables, hotspots inside their diagram, images, file sizes,
 * and VINs another catalogue already holds. Returns every problem with file and line, or the plan
 * the writer carries out.
 */
export async function validateCatalogue(
  db: Db,
  source: CatalogueSource,
  limits: ImportLimits,
  now: Date = new Date(),
): Promise<{ problems: ImportProblem[]; moreProblems: number; plan: ImportPlan | null }> {
  const problems = new Problems(limits.maxProblems);
  const files = await source.list();
  const fileOf = new Map<TableName, string>();
  for (const file of files) {
    if (file.includes('/')) continue; // images and other material live in sub-folders
    const match = /^(.+)\.(jsonl|csv)$/i.exec(file);
    if (!match) continue;
    const table = match[1] as TableName;
    if (!TABLES.includes(table)) {
      problems.add(file, null, V.unknownFile(TABLES.join(', ')));
      continue;
    }
    if (fileOf.has(table)) problems.add(file, null, V.bothFormats(table));
    else fileOf.set(table, file);
  }
  for (const table of REQUIRED_TABLES) if (!fileOf.has(table)) problems.add('', null, V.missingTable(table));

  const buffers = Object.fromEntries(Object.keys(WRITE_TABLES).map((t) => [t, new CopyBuffer()])) as Record<
    WriteTable,
    CopyBuffer
  >;
  const counts = Object.fromEntries(TABLES.map((t) => [t, 0])) as Record<TableName, number>;
  /**
   * Tables missing or not read whole (a file too large, a row refused): references into them are
   * not judged, so one broken row is reported once, not again at every row that points at it.
   */
  const unreadable = new Set<TableName>();
  const images = new Map<string, CheckedImage | string>();

  /** Served path of an image field ('' when none); a problem when the file is missing or bad. */
  const imageOf = async (file: string, line: number, value: string | undefined): Promise<string> => {
    if (!value) return '';
    if (value.startsWith('https://')) return value;
    let checked = images.get(value);
    if (checked === undefined) {
      checked = await checkImage(source, value, limits.maxImageBytes);
      images.set(value, checked);
    }
    if (typeof checked === 'string') {
      problems.add(file, line, checked);
      return '';
    }
    return checked.served;
  };

  /** Streams the rows of one table through its schema; `handle` sees the valid ones. */
  async function eachRow<T extends TableName>(
    table: T,
    handle: (row: Row<T>, line: number, index: number) => void | Promise<void>,
  ) {
    const file = fileOf.get(table);
    if (!file) {
      unreadable.add(table);
      return;
    }
    const size = await source.size(file);
    if (size !== null && size > limits.maxFileBytes) {
      problems.add(file, null, V.fileTooLarge(limits.maxFileBytes));
      unreadable.add(table);
      return;
    }
    const csv = file.toLowerCase().endsWith('.csv');
    const reader = csv
      ? readCsv(source.stream(file), limits.maxLineChars)
      : readJsonLines(source.stream(file), limits.maxLineChars);
    let index = 0;
    let unknownColumns = false;
    for await (const batch of reader) {
      for (const raw of batch) {
        if ('error' in raw) {
          problems.add(file, raw.line, raw.error);
          unreadable.add(table);
          continue;
        }
        index++;
        if (index > limits.maxRows) {
          problems.add(file, raw.line, V.tooManyRows(limits.maxRows));
          unreadable.add(table);
          return;
        }
        const checked = checkRow(table, raw.row);
        if ('issues' in checked) {
          unreadable.add(table);
          for (const issue of checked.issues) {
            // A CSV column the table does not have is the header's fault: said once, on line 1.
            if (issue.field === null && csv) {
              if (!unknownColumns) problems.add(file, 1, issue.message);
              unknownColumns = true;
            } else problems.add(file, raw.line, issue.field ? `${issue.field}: ${issue.message}` : issue.message);
          }
          continue;
        }
        const pending = handle(checked.row, raw.line, index);
        if (pending) await pending;
      }
    }
    counts[table] = index;
  }

  // --- catalogue
  let catalogue: ImportPlan['catalogue'] | null = null;
  await eachRow('catalogue', async (row, line, index) => {
    if (index > 1) {
      problems.add(fileOf.get('catalogue')!, line, V.catalogueRows);
      catalogue = null;
      return;
    }
    catalogue = {
      mcid: row.mcid,
      brand: row.brand,
      name: row.name,
      img: await imageOf(fileOf.get('catalogue')!, line, row.img),
    };
  });
  if (fileOf.has('catalogue') && counts.catalogue === 0 && !unreadable.has('catalogue'))
    problems.add(fileOf.get('catalogue')!, null, V.catalogueRows);
  const header = catalogue as ImportPlan['catalogue'] | null;

  // --- words
  const terms = new Set<string>();
  await eachRow('words', (row, line) => {
    if (terms.has(row.term)) return problems.add(fileOf.get('words')!, line, V.duplicate('용어', row.term));
    terms.add(row.term);
    buffers.epc_words.push([row.term, row.zh, row.ko, row.en, row.vi]);
  });

  // --- main groups
  const groups = new Set<string>();
  await eachRow('main_groups', async (row, line, index) => {
    const file = fileOf.get('main_groups')!;
    if (groups.has(row.num)) return problems.add(file, line, V.duplicate('메인 그룹', row.num));
    groups.add(row.num);
    buffers.epc_main_groups.push([row.num, row.label, await imageOf(file, line, row.img), index]);
  });

  // --- diagrams
  const diagrams = new Map<string, { maxX: number; maxY: number }>();
  await eachRow('diagrams', async (row, line) => {
    const file = fileOf.get('diagrams')!;
    if (diagrams.has(row.diagram)) return problems.add(file, line, V.duplicate('도면', row.diagram));
    diagrams.set(row.diagram, { maxX: row.max_x, maxY: row.max_y });
    const w = row.hotspot_w ?? Math.max(1, Math.round(row.max_x * 0.04));
    const h = row.hotspot_h ?? Math.max(1, Math.round(row.max_y * 0.035));
    buffers.epc_diagrams.push([row.diagram, await imageOf(file, line, row.image), row.max_x, row.max_y, w, h]);
  });
  const knowDiagrams = !unreadable.has('diagrams');

  // --- hotspots
  const spots = new Set<string>();
  await eachRow('hotspots', (row, line, index) => {
    const file = fileOf.get('hotspots')!;
    const d = diagrams.get(row.diagram);
    if (!d) {
      if (knowDiagrams) problems.add(file, line, V.unknownRef('도면', row.diagram));
      return;
    }
    if (row.x > d.maxX || row.y > d.maxY)
      return problems.add(file, line, V.hotspotOutside(row.x, row.y, d.maxX, d.maxY));
    const key = `${row.diagram}\u0000${row.key}\u0000${row.x}\u0000${row.y}`;
    if (spots.has(key))
      return problems.add(file, line, V.duplicate('핫스팟', `${row.diagram} ${row.key} (${row.x}, ${row.y})`));
    spots.add(key);
    buffers.epc_hotspots.push([row.diagram, index, row.key, row.x, row.y]);
  });

  // --- nodes: kept until all are read, since children decide has_child and level
  interface NodeRow {
    row: Row<'nodes'>;
    line: number;
    index: number;
    img: string;
  }
  const nodes = new Map<string, NodeRow>();
  await eachRow('nodes', async (row, line, index) => {
    const file = fileOf.get('nodes')!;
    if (nodes.has(row.mid)) return problems.add(file, line, V.duplicate('그룹(mid)', row.mid));
    nodes.set(row.mid, { row, line, index, img: await imageOf(file, line, row.img) });
  });
  const children = new Map<string, number>();
  for (const n of nodes.values()) if (n.row.parent) children.set(n.row.parent, (children.get(n.row.parent) ?? 0) + 1);
  for (const n of nodes.values()) {
    const file = fileOf.get('nodes')!;
    const { row, line } = n;
    let ok = true;
    const fail = (message: string) => {
      problems.add(file, line, message);
      ok = false;
    };
    if (!groups.has(row.num) && !unreadable.has('main_groups')) fail(V.unknownRef('메인 그룹', row.num));
    if (row.parent) {
      const parent = nodes.get(row.parent);
      if (!parent) {
        if (!unreadable.has('nodes')) fail(V.unknownRef('상위 그룹', row.parent));
      } else if (parent.row.parent) fail(V.parentLevel(row.parent));
      else if (parent.row.num !== row.num) fail(V.parentGroup(row.parent, row.num));
    }
    const hasChild = children.has(row.mid);
    if (hasChild && row.diagram) fail(V.parentWithDiagram);
    if (!hasChild && !row.diagram) fail(V.leafWithoutDiagram);
    if (row.diagram && knowDiagrams && !diagrams.has(row.diagram)) fail(V.unknownRef('도면', row.diagram));
    if (row.fit_from && row.fit_to && row.fit_from > row.fit_to) fail(V.dateRange);
    if (!ok) continue;
    buffers.epc_nodes.push([
      row.mid,
      row.num,
      row.parent ?? null,
      row.parent ? 2 : 1,
      row.parent ?? row.mid,
      row.label,
      row.description,
      row.model,
      n.img,
      row.diagram ?? null,
      hasChild,
      json(fitOf(row)),
      n.index,
    ]);
  }
  const knowNodes = !unreadable.has('nodes');

  // --- vehicles
  const vins = new Map<string, number>();
  await eachRow('vehicles', (row, line) => {
    const file = fileOf.get('vehicles')!;
    if (vins.has(row.vin)) return problems.add(file, line, V.duplicate('차대번호', row.vin));
    vins.set(row.vin, line);
    if (!header) return;
    buffers.epc_vehicles.push([
      header.brand,
      row.vin,
      shortVinOf(header.brand, row.vin),
      row.year ?? vinModelYear(row.vin, now),
      row.model_name,
      row.production_date ?? null,
      row.options,
      json(row.maindata),
    ]);
  });
  if (header && vins.size > 0) {
    const all = [...vins.keys()];
    for (let i = 0; i < all.length; i += 5000) {
      const taken = await db
        .select({ vin: epcVehicles.vin, mcid: epcCatalogues.mcid })
        .from(epcVehicles)
        .innerJoin(epcCatalogues, eq(epcCatalogues.id, epcVehicles.catalogueId))
        .where(and(inArray(epcVehicles.vin, all.slice(i, i + 5000)), ne(epcCatalogues.mcid, header.mcid)));
      for (const t of taken)
        problems.add(fileOf.get('vehicles')!, vins.get(t.vin) ?? null, V.vinElsewhere(t.vin, t.mcid));
    }
  }

  // --- parts
  await eachRow('parts', (row, line, index) => {
    const file = fileOf.get('parts')!;
    let ok = true;
    if (knowDiagrams && !diagrams.has(row.diagram)) {
      problems.add(file, line, V.unknownRef('도면', row.diagram));
      ok = false;
    }
    const pidKey = alphaNumber(row.pid);
    if (pidKey === '') {
      problems.add(file, line, `pid: ${M.partNumber}`);
      ok = false;
    }
    for (const ref of row.refmid) {
      const mid = ref.slice(0, ref.indexOf(','));
      if (knowNodes && !nodes.has(mid)) {
        problems.add(file, line, `refmid: ${V.unknownRef('그룹(mid)', mid)}`);
        ok = false;
      }
    }
    if (row.fit_from && row.fit_to && row.fit_from > row.fit_to) {
      problems.add(file, line, V.dateRange);
      ok = false;
    }
    if (!ok) return;
    buffers.epc_parts.push([
      row.diagram,
      index,
      row.pnum,
      row.itid,
      row.itid2,
      row.pid,
      pidKey,
      row.label,
      row.standard_label,
      row.quantity,
      row.model,
      row.stitute_status,
      row.remark,
      row.refmid,
      json(fitOf(row)),
    ]);
  });

  // --- replacements
  const pairsSeen = new Set<string>();
  // Supersessions as the contract's rules read them (loops, chains of more than 20 steps), with their lines.
  const supersedes: PartRelation[] = [];
  const supersedesLine: number[] = [];
  await eachRow('replacements', (row, line, index) => {
    const file = fileOf.get('replacements')!;
    const from = alphaNumber(row.pid);
    const to = alphaNumber(row.to);
    if (from === '' || to === '') return problems.add(file, line, `pid/to: ${M.partNumber}`);
    if (from === to) return problems.add(file, line, V.sameNumber);
    const key = `${row.kind}\u0000${from}\u0000${to}`;
    if (pairsSeen.has(key)) return problems.add(file, line, V.duplicate('대체 관계', `${row.pid} → ${row.to}`));
    pairsSeen.add(key);
    if (row.kind === 'supersedes') {
      supersedes.push({ from: row.pid, to: row.to, kind: 'supersedes' });
      supersedesLine.push(line);
    }
    buffers.epc_replacements.push([index, row.pid, from, row.to, to, row.kind, row.remark]);
  });
  for (const p of checkPartRelations(supersedes))
    problems.add(fileOf.get('replacements')!, supersedesLine[p.index] ?? null, p.message);

  if (!header && problems.total === 0) problems.add(fileOf.get('catalogue') ?? '', null, V.noCatalogue);
  if (problems.total > 0 || !header)
    return { problems: problems.list, moreProblems: problems.total - problems.list.length, plan: null };

  const tables = Object.fromEntries(
    Object.entries(buffers).map(([t, b]) => [t, { rows: b.rows, chunks: b.done() }]),
  ) as ImportPlan['tables'];
  const checkedImages = [...images.values()].filter((i): i is CheckedImage => typeof i !== 'string');
  return { problems: [], moreProblems: 0, plan: { catalogue: header, tables, images: checkedImages, counts } };
}
