import {
  checkVin,
  colorValue,
  type Applicability,
  type CompanyLevel,
  type EpcPart,
  type EpcPartProduct,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { priceFor, productsByOeKeys } from '../products/index.js';
import { OPENED_SQL, openerValues, type Opener } from './quota.js';
import { noInfo, notOpened } from './refusals.js';
import { perLanguage, wordSql, type EpcLang } from './words.js';

/** The parts table and drawing of a leaf group, and the shop's products of each part (docs/requirements.md#catalogue-calls). */

export interface PartRow {
  pnum: string;
  itid: string;
  itid2: string;
  pid: string;
  /** A-Z0-9 form of pid: how the shop's products are matched. */
  pidKey: string;
  standard_label: string;
  label: string;
  quantity: string;
  model: string;
  stituteStatus: string;
  remark: string;
  refmid: string[];
  colorvalue: 0 | 1;
}

export interface ImgPoint {
  hsKey: string;
  hsX: number;
  hsY: number;
  maxX: number;
  maxY: number;
}

export interface DiagramParts {
  part_detail: PartRow[];
  img_path: string;
  img_points: ImgPoint[];
  /** Size of a hotspot box in percent of the drawing's width and height. */
  pctWidth: number;
  pctHeight: number;
  /** Where the diagram sits, for the breadcrumb. */
  num: string;
  subgroup: string;
  fullPath: string;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

/**
 * Everything the parts page needs in one row: the open flag, the vehicle's facts, the leaf node
 * and its parent (labels translated, applicability), the main group's label, the drawing, its
 * hotspots and its parts (labels and variant translated) as JSON arrays in their order. Columns
 * are null when the vehicle, the node or the drawing is not found.
 */
const DIAGRAM_PARTS = perLanguage('epc_diagram_parts', (lang) => {
  const w = (term: string) => wordSql(lang, 'v.catalogue_id', term);
  return `with v as (
      select v.catalogue_id, v.options, v.production_date::text as production_date
      from epc_vehicles v join epc_catalogues c on c.id = v.catalogue_id
      where v.vin = $1::char(17) and c.mcid = $6::text
    ), n as (
      select n.* from epc_nodes n join v on n.catalogue_id = v.catalogue_id where n.mid = $7::text
    )
    select ${OPENED_SQL},
      v.options, v.production_date as "productionDate",
      n.num, n.subgroup, n.diagram, n.fit, ${w('n.label')} as label,
      pa.mid as "parentMid", pa.fit as "parentFit", ${w('pa.label')} as "parentLabel",
      ${w('g.label')} as "mainLabel",
      d.image, d.max_x as "maxX", d.max_y as "maxY", d.hotspot_w as "hotspotW", d.hotspot_h as "hotspotH",
      (select coalesce(json_agg(json_build_object('hsKey', h.hs_key, 'hsX', h.x, 'hsY', h.y, 'maxX', d.max_x, 'maxY', d.max_y) order by h.seq), '[]')
        from epc_hotspots h where h.catalogue_id = n.catalogue_id and h.diagram = n.diagram) as points,
      (select coalesce(json_agg(json_build_object(
          'pnum', p.pnum, 'itid', p.itid, 'itid2', p.itid2, 'pid', p.pid, 'pidKey', p.pid_key,
          'standard_label', ${w('p.standard_label')}, 'label', ${w('p.label')}, 'quantity', p.quantity,
          'model', ${w('p.model')}, 'stituteStatus', p.stitute_status, 'remark', p.remark, 'refmid', p.refmid, 'fit', p.fit) order by p.seq), '[]')
        from epc_parts p where p.catalogue_id = n.catalogue_id and p.diagram = n.diagram) as parts
    from (select 1) one
    left join v on true
    left join n on true
    left join epc_nodes pa on pa.catalogue_id = n.catalogue_id and pa.mid = n.parent_mid
    left join epc_main_groups g on g.catalogue_id = n.catalogue_id and g.num = n.num
    left join epc_diagrams d on d.catalogue_id = n.catalogue_id and d.diagram = n.diagram`;
});

interface DiagramRow {
  opened: boolean;
  options: string[] | null;
  productionDate: string | null;
  num: string | null;
  subgroup: string;
  diagram: string | null;
  fit: Applicability | null;
  label: string;
  parentMid: string | null;
  parentFit: Applicability | null;
  parentLabel: string;
  mainLabel: string | null;
  image: string | null;
  maxX: number;
  maxY: number;
  hotspotW: number;
  hotspotH: number;
  points: ImgPoint[] | null;
  parts: (PartRow & { fit?: Applicability | null })[] | null;
}

/**
 * The parts table and drawing of a leaf group (getCarsPartsEx), in one prepared statement.
 * colorvalue of a part is 0 when it, its group or its sub group does not apply to the vehicle;
 * `onlyFitting` leaves those out (the filter, docs/requirements.md#catalogue-panels), hotspots included.
 */
export async function diagramParts(
  db: Db,
  q: { vin: string; mcid: string; mid: string; lang?: EpcLang; onlyFitting?: boolean; opener?: Opener },
): Promise<DiagramParts> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) throw noInfo();
  const values = [checked.vin, ...openerValues(checked.vin, q.opener), q.mcid, q.mid];
  const [row] = (await runPrepared<DiagramRow>(db, DIAGRAM_PARTS(q.lang ?? 'KR'), values)) as [DiagramRow];
  if (!row.opened) throw await notOpened(db, q.opener!.companyId);
  if (row.options === null || row.num === null || !row.diagram || row.image === null) throw noInfo();
  const vehicleFacts = { options: row.options, productionDate: row.productionDate };
  const groupFits =
    (row.parentMid === null || colorValue(row.parentFit, vehicleFacts) === 1) &&
    colorValue(row.fit, vehicleFacts) === 1;
  let parts = row.parts!;
  // The rows come as the answer names them; only colorvalue is the vehicle's, and `fit` goes.
  for (const p of parts) {
    p.colorvalue = groupFits ? colorValue(p.fit, vehicleFacts) : 0;
    delete p.fit;
  }
  let points = row.points!;
  if (q.onlyFitting) {
    parts = parts.filter((p) => p.colorvalue === 1);
    const shown = new Set(parts.map((p) => p.pnum));
    points = points.filter((p) => shown.has(p.hsKey));
  }
  const chainLabels = row.parentMid === null ? [row.label] : [row.parentLabel, row.label];
  return {
    part_detail: parts,
    img_path: row.image,
    img_points: points,
    pctWidth: percent(row.hotspotW, row.maxX),
    pctHeight: percent(row.hotspotH, row.maxY),
    num: row.num,
    subgroup: row.subgroup,
    fullPath: [row.mainLabel ?? row.num, ...chainLabels].join(' > '),
  };
}

/** Each part of a drawing with the shop's products of its OE number, priced for the company's level. */
export async function partsWithProducts(db: Db, rows: PartRow[], level: CompanyLevel): Promise<EpcPart[]> {
  const products = await productsByOeKeys(
    db,
    rows.map((p) => p.pidKey),
  );
  return rows.map(({ pidKey, ...p }) => ({
    ...p,
    products: (products.get(pidKey) ?? []).map((row): EpcPartProduct => {
      const priced = priceFor({ ...row }, { level });
      return {
        seq: priced.seq,
        name: priced.name,
        pid: priced.pid,
        price: priced.price!,
        salePrice: priced.salePrice!,
        hasAmount: priced.hasAmount,
        stockName: priced.stockName,
        storageId: priced.storageId,
        imgFiles: priced.imgFiles,
        companyId: priced.companyId,
      };
    }),
  }));
}
