import { and, asc, eq, isNull } from 'drizzle-orm';
import { checkVin, colorValue, type Applicability } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { runPrepared } from '../../db/prepared.js';
import { OPENED_SQL, openerValues, type Opener } from './quota.js';
import { noInfo, notOpened } from './refusals.js';
import { epcMainGroups, epcNodes } from './schema.js';
import { vehicleOf, type Vehicle } from './vehicles.js';
import { perLanguage, translator, wordSql, type EpcLang } from './words.js';

/** Main groups of a vehicle's catalogue and the structure below them (docs/requirements.md#catalogue-calls). */

export interface MainGroup {
  num: string;
  mcid: string;
  label: string;
  img: string;
}

/**
 * Main groups of a vehicle's catalogue, one row per group in catalogue order, labels translated:
 * no group row (num null) when the vehicle is not in that catalogue or it has no groups.
 */
const MAIN_GROUPS = perLanguage(
  'epc_main_groups',
  (lang) => `select ${OPENED_SQL}, g.num, c.mcid, ${wordSql(lang, 'v.catalogue_id', 'g.label')} as label, g.img
    from (select 1) one
    left join (epc_vehicles v join epc_catalogues c on c.id = v.catalogue_id and c.mcid = $6::text) on v.vin = $1::char(17)
    left join epc_main_groups g on g.catalogue_id = v.catalogue_id
    order by g.sort`,
);

/**
 * Main groups of the vehicle's catalogue, in catalogue order (getCarsGroupEx): one prepared
 * statement that also checks the VIN is open for the `opener`'s company.
 */
export async function mainGroups(
  db: Db,
  q: { vin: string; mcid: string; lang?: EpcLang; opener?: Opener },
): Promise<{ groups: MainGroup[] }> {
  const checked = checkVin('all', q.vin);
  if (!checked.ok) throw noInfo();
  const values = [checked.vin, ...openerValues(checked.vin, q.opener), q.mcid];
  const rows = await runPrepared<MainGroup & { opened: boolean; num: string | null }>(
    db,
    MAIN_GROUPS(q.lang ?? 'KR'),
    values,
  );
  if (!rows[0]!.opened) throw await notOpened(db, q.opener!.companyId);
  if (rows[0]!.num === null) throw noInfo();
  return { groups: rows.map(({ opened: _opened, ...group }) => group as MainGroup) };
}

/** A sub group (level 1) or child group (level 2) as getCarsStructureEx answers it. */
export interface StructureNode {
  level: number;
  subgroup: string;
  has_child: 0 | 1;
  mid: string;
  name: string;
  description: string;
  model: string;
  img: string;
  /** 1: applies to this vehicle; 0: not (its own applicability or its sub group's). */
  colorvalue: 0 | 1;
  /** Main group > sub group > child group, translated. */
  fullPath: string;
}

const facts = (v: Vehicle) => ({ options: v.options, productionDate: v.productionDate });

/**
 * The sub groups of a main group, or with `subgroup` the child groups of that sub group
 * (getCarsStructureEx). Nodes of another catalogue or main group are not found.
 */
export async function structure(
  db: Db,
  q: { vin: string; mcid: string; num: string; subgroup?: string | null; lang?: EpcLang },
): Promise<{ nodes: StructureNode[] }> {
  const vehicle = await vehicleOf(db, q);
  if (!vehicle) throw noInfo();
  const [main] = await db
    .select({ label: epcMainGroups.label })
    .from(epcMainGroups)
    .where(and(eq(epcMainGroups.catalogueId, vehicle.catalogueId), eq(epcMainGroups.num, q.num)));
  if (!main) throw noInfo();
  let parent: { label: string; fit: Applicability | null } | null = null;
  if (q.subgroup) {
    const [row] = await db
      .select({ label: epcNodes.label, fit: epcNodes.fit })
      .from(epcNodes)
      .where(
        and(
          eq(epcNodes.catalogueId, vehicle.catalogueId),
          eq(epcNodes.num, q.num),
          eq(epcNodes.mid, q.subgroup),
          isNull(epcNodes.parentMid),
        ),
      );
    if (!row) throw noInfo();
    parent = row;
  }
  const rows = await db
    .select()
    .from(epcNodes)
    .where(
      and(
        eq(epcNodes.catalogueId, vehicle.catalogueId),
        eq(epcNodes.num, q.num),
        q.subgroup ? eq(epcNodes.parentMid, q.subgroup) : isNull(epcNodes.parentMid),
      ),
    )
    .orderBy(asc(epcNodes.sort));
  if (rows.length === 0) throw noInfo();
  const t = await translator(
    db,
    vehicle.catalogueId,
    [main.label, parent?.label ?? '', ...rows.flatMap((r) => [r.label, r.description, r.model])],
    q.lang ?? 'KR',
  );
  const parentFits = parent ? colorValue(parent.fit, facts(vehicle)) : 1;
  const path = [t(main.label), ...(parent ? [t(parent.label)] : [])];
  return {
    nodes: rows.map((r) => ({
      level: r.level,
      subgroup: r.subgroup,
      has_child: r.hasChild ? 1 : 0,
      mid: r.mid,
      name: t(r.label),
      description: t(r.description),
      model: t(r.model),
      img: r.img,
      colorvalue: parentFits === 1 ? colorValue(r.fit, facts(vehicle)) : 0,
      fullPath: [...path, t(r.label)].join(' > '),
    })),
  };
}
