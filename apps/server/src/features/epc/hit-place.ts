import type { CompanyLevel, EpcPart } from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../shared/http.js';
import { diagramParts, partsWithProducts } from './diagram.js';
import { structure, type StructureNode } from './groups.js';
import type { PartHit } from './part-numbers.js';
import type { EpcLang } from './words.js';

/** Where a part-number hit sits in its vehicle's catalogue (docs/requirements.md#catalogue-calls). */
export interface HitPlace {
  subGroupInfo: StructureNode | null;
  /** null when the hit's drawing hangs directly under its sub group. */
  childGroupInfo: StructureNode | null;
  partDetailInfo: EpcPart[];
}

/** A piece of the place the catalogue lacks (404 '정보가 없습니다.') is left out; the hits are answered all the same. */
async function orMissing<T>(piece: Promise<T>): Promise<T | null> {
  try {
    return await piece;
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

/**
 * The sub group, child group and drawing's parts of `hit` in the vehicle's catalogue, built as
 * getCarsStructureEx and getCarsPartsEx answer them (the caller has checked the VIN is open).
 * Without a hit: nothing. A piece the catalogue lacks (a drawing an upload left out) is empty.
 */
export async function hitPlace(
  db: Db,
  q: { vin: string; mcid: string; lang: EpcLang; level: CompanyLevel },
  hit: PartHit | undefined,
): Promise<HitPlace> {
  if (!hit) return { subGroupInfo: null, childGroupInfo: null, partDetailInfo: [] };
  const inChild = hit.mid !== hit.subgroup;
  const [subs, children, drawing] = await Promise.all([
    orMissing(structure(db, { vin: q.vin, mcid: q.mcid, num: hit.num, lang: q.lang })),
    inChild
      ? orMissing(structure(db, { vin: q.vin, mcid: q.mcid, num: hit.num, subgroup: hit.subgroup, lang: q.lang }))
      : null,
    orMissing(diagramParts(db, { vin: q.vin, mcid: q.mcid, mid: hit.mid, lang: q.lang })),
  ]);
  return {
    subGroupInfo: subs?.nodes.find((n) => n.mid === hit.subgroup) ?? null,
    childGroupInfo: children?.nodes.find((n) => n.mid === hit.mid) ?? null,
    partDetailInfo: drawing ? await partsWithProducts(db, drawing.part_detail, q.level) : [],
  };
}
