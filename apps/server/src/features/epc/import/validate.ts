import { inArray, eq, and, ne } from 'drizzle-orm';
import { alphaNumber, checkPartRelations, shortVinOf, vinModelYear, type PartRelation } from '@partsmall/contract';
import type { Db } from '../../../db/client.js';
import { epcCatalogues, epcVehicles } from '../schema.js';
import { CopyBuffer } from './copy-text.js';
import { M, TABLES, type ImportLimits, type Row, type TableName } from './format.js';
import type { CheckedImage } from './images.js';
import { eachRow, imageOf, tableFiles, type ImportCheck } from './read-rows.js';
import type { CatalogueSource } from './source.js';
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

/** A diagram's size, which its hotspots must fit in. */
type DiagramSize = { maxX: number; maxY: number };

/** A row of nodes.jsonl, kept until all are read, since children decide has_child and level. */
interface NodeRow {
  row: Row<'nodes'>;
  line: number;
  index: number;
  img: string;
}

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
  const ck: ImportCheck = {
    source,
    limits,
    problems,
    fileOf: tableFiles(await source.list(), problems),
    buffers: Object.fromEntries(Object.keys(WRITE_TABLES).map((t) => [t, new CopyBuffer()])) as Record<
      WriteTable,
      CopyBuffer
    >,
    counts: Object.fromEntries(TABLES.map((t) => [t, 0])) as Record<TableName, number>,
    unreadable: new Set<TableName>(),
    images: new Map<string, CheckedImage | string>(),
  };

  const header = await checkCatalogue(ck);
  await checkWords(ck);
  const groups = await checkMainGroups(ck);
  const diagrams = await checkDiagrams(ck);
  await checkHotspots(ck, diagrams);
  const nodes = await checkNodes(ck, groups, diagrams);
  await checkVehicles(ck, db, header, now);
  await checkParts(ck, diagrams, nodes);
  await checkReplacements(ck);

  if (!header && problems.total === 0) problems.add(ck.fileOf.get('catalogue') ?? '', null, V.noCatalogue);
  if (problems.total > 0 || !header)
    return { problems: problems.list, moreProblems: problems.total - problems.list.length, plan: null };

  const tables = Object.fromEntries(
    Object.entries(ck.buffers).map(([t, b]) => [t, { rows: b.rows, chunks: b.done() }]),
  ) as ImportPlan['tables'];
  const checkedImages = [...ck.images.values()].filter((i): i is CheckedImage => typeof i !== 'string');
  return {
    problems: [],
    moreProblems: 0,
    plan: { catalogue: header, tables, images: checkedImages, counts: ck.counts },
  };
}

/** The catalogue's one header row (null when it is missing, refused or not the only one). */
async function checkCatalogue(ck: ImportCheck): Promise<ImportPlan['catalogue'] | null> {
  const { problems, fileOf } = ck;
  let catalogue: ImportPlan['catalogue'] | null = null;
  await eachRow(ck, 'catalogue', async (row, line, index) => {
    if (index > 1) {
      problems.add(fileOf.get('catalogue')!, line, V.catalogueRows);
      catalogue = null;
      return;
    }
    catalogue = {
      mcid: row.mcid,
      brand: row.brand,
      name: row.name,
      img: await imageOf(ck, fileOf.get('catalogue')!, line, row.img),
    };
  });
  return catalogue as ImportPlan['catalogue'] | null;
}

/** The words, each term once. */
async function checkWords(ck: ImportCheck): Promise<void> {
  const terms = new Set<string>();
  await eachRow(ck, 'words', (row, line) => {
    if (terms.has(row.term)) return ck.problems.add(ck.fileOf.get('words')!, line, V.duplicate('용어', row.term));
    terms.add(row.term);
    ck.buffers.epc_words.push([row.term, row.zh, row.ko, row.en, row.vi]);
  });
}

/** The main groups' numbers. */
async function checkMainGroups(ck: ImportCheck): Promise<Set<string>> {
  const groups = new Set<string>();
  await eachRow(ck, 'main_groups', async (row, line, index) => {
    const file = ck.fileOf.get('main_groups')!;
    if (groups.has(row.num)) return ck.problems.add(file, line, V.duplicate('메인 그룹', row.num));
    groups.add(row.num);
    ck.buffers.epc_main_groups.push([row.num, row.label, await imageOf(ck, file, line, row.img), index]);
  });
  return groups;
}

/** The diagrams' sizes by name. */
async function checkDiagrams(ck: ImportCheck): Promise<Map<string, DiagramSize>> {
  const diagrams = new Map<string, DiagramSize>();
  await eachRow(ck, 'diagrams', async (row, line) => {
    const file = ck.fileOf.get('diagrams')!;
    if (diagrams.has(row.diagram)) return ck.problems.add(file, line, V.duplicate('도면', row.diagram));
    diagrams.set(row.diagram, { maxX: row.max_x, maxY: row.max_y });
    const w = row.hotspot_w ?? Math.max(1, Math.round(row.max_x * 0.04));
    const h = row.hotspot_h ?? Math.max(1, Math.round(row.max_y * 0.035));
    ck.buffers.epc_diagrams.push([row.diagram, await imageOf(ck, file, line, row.image), row.max_x, row.max_y, w, h]);
  });
  return diagrams;
}

/** The hotspots, each inside its diagram and drawn once. */
async function checkHotspots(ck: ImportCheck, diagrams: Map<string, DiagramSize>): Promise<void> {
  const { problems } = ck;
  const knowDiagrams = !ck.unreadable.has('diagrams');
  const spots = new Set<string>();
  await eachRow(ck, 'hotspots', (row, line, index) => {
    const file = ck.fileOf.get('hotspots')!;
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
    ck.buffers.epc_hotspots.push([row.diagram, index, row.key, row.x, row.y]);
  });
}

/** The group tree: every node read first, then each judged against its parent, children and diagram. */
async function checkNodes(
  ck: ImportCheck,
  groups: Set<string>,
  diagrams: Map<string, DiagramSize>,
): Promise<Map<string, NodeRow>> {
  const { problems, unreadable } = ck;
  const knowDiagrams = !unreadable.has('diagrams');
  const nodes = new Map<string, NodeRow>();
  await eachRow(ck, 'nodes', async (row, line, index) => {
    const file = ck.fileOf.get('nodes')!;
    if (nodes.has(row.mid)) return problems.add(file, line, V.duplicate('그룹(mid)', row.mid));
    nodes.set(row.mid, { row, line, index, img: await imageOf(ck, file, line, row.img) });
  });
  const children = new Map<string, number>();
  for (const n of nodes.values()) if (n.row.parent) children.set(n.row.parent, (children.get(n.row.parent) ?? 0) + 1);
  for (const n of nodes.values()) {
    const file = ck.fileOf.get('nodes')!;
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
    ck.buffers.epc_nodes.push([
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
  return nodes;
}

/** The vehicles, and VINs another catalogue already holds. */
async function checkVehicles(
  ck: ImportCheck,
  db: Db,
  header: ImportPlan['catalogue'] | null,
  now: Date,
): Promise<void> {
  const vins = new Map<string, number>();
  await eachRow(ck, 'vehicles', (row, line) => {
    const file = ck.fileOf.get('vehicles')!;
    if (vins.has(row.vin)) return ck.problems.add(file, line, V.duplicate('차대번호', row.vin));
    vins.set(row.vin, line);
    if (!header) return;
    ck.buffers.epc_vehicles.push([
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
        ck.problems.add(ck.fileOf.get('vehicles')!, vins.get(t.vin) ?? null, V.vinElsewhere(t.vin, t.mcid));
    }
  }
}

/** The parts: their diagram, number, the groups their refmid names and their dates. */
async function checkParts(
  ck: ImportCheck,
  diagrams: Map<string, DiagramSize>,
  nodes: Map<string, NodeRow>,
): Promise<void> {
  const { problems } = ck;
  const knowDiagrams = !ck.unreadable.has('diagrams');
  const knowNodes = !ck.unreadable.has('nodes');
  await eachRow(ck, 'parts', (row, line, index) => {
    const file = ck.fileOf.get('parts')!;
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
    ck.buffers.epc_parts.push([
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
}

/** The replacements, then the supersession chains they make. */
async function checkReplacements(ck: ImportCheck): Promise<void> {
  const { problems } = ck;
  const pairsSeen = new Set<string>();
  // Supersessions as the contract's rules read them (loops, chains of more than 20 steps), with their lines.
  const supersedes: PartRelation[] = [];
  const supersedesLine: number[] = [];
  await eachRow(ck, 'replacements', (row, line, index) => {
    const file = ck.fileOf.get('replacements')!;
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
    ck.buffers.epc_replacements.push([index, row.pid, from, row.to, to, row.kind, row.remark]);
  });
  for (const p of checkPartRelations(supersedes))
    problems.add(ck.fileOf.get('replacements')!, supersedesLine[p.index] ?? null, p.message);
}
