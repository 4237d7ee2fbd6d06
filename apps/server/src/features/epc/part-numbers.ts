import { and, asc, eq, like, sql } from 'drizzle-orm';
import { alphaNumber, epcPartSearchKeyword } from '@partsmall/contract';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../shared/http.js';
import { noInfo } from './refusals.js';
import { epcCatalogues, epcNodes, epcParts } from './schema.js';
import { translator, type EpcLang } from './words.js';

/** Part numbers across the catalogues: replacement chains and the part-number search (docs/requirements.md#catalogue-calls). */

export interface Replacement {
  pid: string;
  /** newer: replaces the asked number (directly or down the chain); older: replaced by it; interchangeable: fits either way. */
  relation: 'newer' | 'older' | 'interchangeable';
  /** Steps along the chain from the asked number (1 = direct). */
  distance: number;
  remark: string;
}

interface Edge {
  pid: string;
  pid_key: string;
  to_pid: string;
  to_key: string;
  kind: 'supersedes' | 'interchangeable';
  remark: string;
}

/**
 * Every number connected to `pid` by replacement records of the brand's catalogues
 * (getCarsReplace): the whole supersession chain forwards and backwards, and interchangeable
 * numbers of any number on it. Newest first, then interchangeable, then older.
 */
export async function replacementsFor(
  db: Db,
  q: { pid: string; brand?: string | null; catalogueId?: number },
): Promise<Replacement[]> {
  const key = alphaNumber(q.pid);
  if (key === '') return [];
  const byBrand = q.brand && q.brand !== 'all' ? sql`and c.brand = ${q.brand}` : sql``;
  // Within one catalogue only, when the caller may read just that one (no licence, a test VIN).
  const brand = q.catalogueId === undefined ? byBrand : sql`${byBrand} and c.id = ${q.catalogueId}`;
  const edges = await queryRows<Edge>(
    db,
    sql`with recursive reach(key, depth) as (
          select ${key}::text, 0
          union
          select case when r.pid_key = reach.key then r.to_key else r.pid_key end, reach.depth + 1
          from reach
          join epc_replacements r on r.pid_key = reach.key or r.to_key = reach.key
          join epc_catalogues c on c.id = r.catalogue_id ${brand}
          where reach.depth < 12
        )
        select distinct r.pid, r.pid_key, r.to_pid, r.to_key, r.kind, r.remark
        from epc_replacements r
        join epc_catalogues c on c.id = r.catalogue_id ${brand}
        where r.pid_key in (select key from reach) or r.to_key in (select key from reach)`,
  );
  return classify(key, edges);
}

/** Walks the edges from `key`: along supersessions forwards (newer) and backwards (older). */
function classify(key: string, edges: Edge[]): Replacement[] {
  const out = new Map<string, Replacement>();
  const shown = new Map<string, string>();
  for (const e of edges) {
    shown.set(e.pid_key, e.pid);
    shown.set(e.to_key, e.to_pid);
  }
  const walk = (direction: 'newer' | 'older') => {
    let frontier = [key];
    const seen = new Set([key]);
    for (let distance = 1; frontier.length > 0 && distance <= 12; distance++) {
      const next: string[] = [];
      for (const k of frontier) {
        for (const e of edges) {
          if (e.kind !== 'supersedes') continue;
          const to = direction === 'newer' ? (e.pid_key === k ? e.to_key : null) : e.to_key === k ? e.pid_key : null;
          if (!to || seen.has(to)) continue;
          seen.add(to);
          next.push(to);
          if (!out.has(to)) out.set(to, { pid: shown.get(to)!, relation: direction, distance, remark: e.remark });
        }
      }
      frontier = next;
    }
  };
  walk('newer');
  walk('older');
  const chain = new Set([key, ...out.keys()]);
  for (const e of edges) {
    if (e.kind !== 'interchangeable') continue;
    for (const [from, to] of [
      [e.pid_key, e.to_key],
      [e.to_key, e.pid_key],
    ] as const) {
      if (chain.has(from) && to !== key && !out.has(to))
        out.set(to, { pid: shown.get(to)!, relation: 'interchangeable', distance: 1, remark: e.remark });
    }
  }
  const order = { newer: 0, interchangeable: 1, older: 2 } as const;
  return [...out.values()].sort(
    (a, b) => order[a.relation] - order[b.relation] || a.distance - b.distance || a.pid.localeCompare(b.pid),
  );
}

// ---------------------------------------------------------------------------------------------
// Part-number search

export interface PartHit {
  pid: string;
  label: string;
  brand: string;
  mcid: string;
  catalogue: string;
  num: string;
  mid: string;
  subgroup: string;
  pnum: string;
}

/**
 * Part-number search (getCarsSearchHotKey within one catalogue, objSearchMapper across all):
 * 2-50 characters, matched as a prefix of the alpha-number form through the pattern index.
 * Each hit names the group that shows it, so the web can open its drawing.
 */
export async function searchPartNumbers(
  db: Db,
  q: { keyword: unknown; mcid?: string | null; page?: number; size?: number; lang?: EpcLang },
): Promise<{ hits: PartHit[]; more: boolean }> {
  const parsed = epcPartSearchKeyword.safeParse(q.keyword);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const key = alphaNumber(parsed.data);
  const size = Math.min(Math.max(1, q.size ?? 20), 100);
  const page = Math.max(1, q.page ?? 1);
  let inCatalogue: number | undefined;
  if (q.mcid) {
    const [catalogue] = await db
      .select({ id: epcCatalogues.id })
      .from(epcCatalogues)
      .where(eq(epcCatalogues.mcid, q.mcid));
    if (!catalogue) throw noInfo();
    inCatalogue = catalogue.id;
  }
  // The group that shows the part: the first node (in the catalogue's order) of its drawing.
  const node = db
    .select({ num: epcNodes.num, mid: epcNodes.mid, subgroup: epcNodes.subgroup })
    .from(epcNodes)
    .where(and(eq(epcNodes.catalogueId, epcParts.catalogueId), eq(epcNodes.diagram, epcParts.diagram)))
    .orderBy(asc(epcNodes.sort))
    .limit(1)
    .as('n');
  // Ordered with the pattern operator class's own order (~<~), so the index both finds and pages.
  const rows = await db
    .select({
      pid: epcParts.pid,
      label: epcParts.label,
      brand: epcCatalogues.brand,
      mcid: epcCatalogues.mcid,
      catalogue: epcCatalogues.name,
      catalogueId: epcCatalogues.id,
      num: node.num,
      mid: node.mid,
      subgroup: node.subgroup,
      pnum: epcParts.pnum,
    })
    .from(epcParts)
    .innerJoin(epcCatalogues, eq(epcCatalogues.id, epcParts.catalogueId))
    .innerJoinLateral(node, sql`true`)
    .where(
      and(
        like(epcParts.pidKey, `${key}%`),
        inCatalogue === undefined ? undefined : eq(epcParts.catalogueId, inCatalogue),
      ),
    )
    .orderBy(sql`${epcParts.pidKey} using ~<~`, asc(epcParts.catalogueId), asc(epcParts.diagram), asc(epcParts.seq))
    .limit(size + 1)
    .offset((page - 1) * size);
  const hits = rows.slice(0, size);
  // Labels in the caller's language, per catalogue.
  const byCatalogue = new Map<number, PartHit[]>();
  for (const h of hits) byCatalogue.set(h.catalogueId, [...(byCatalogue.get(h.catalogueId) ?? []), h]);
  for (const [catalogueId, list] of byCatalogue) {
    const t = await translator(
      db,
      catalogueId,
      list.map((h) => h.label),
      q.lang ?? 'KR',
    );
    for (const h of list) h.label = t(h.label);
  }
  return { hits: hits.map(({ catalogueId: _id, ...h }) => h), more: rows.length > size };
}
