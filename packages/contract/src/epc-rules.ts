/**
 * Pure rules of the parts catalogue beside the VIN: applicability → colorvalue, the Asia/Seoul day of the
 * VIN quota, diagram zoom and the part-number search bounds. Server and web both use them.
 */
import { z } from 'zod';
import { alphaNumber } from './rules.js';
import { EPC_MSG } from './epc-vin.js';

// ---------------------------------------------------------------------------------------------
// Applicability → colorvalue

/**
 * When a structure node or a part applies: the vehicle must carry every code of `all`, at least
 * one of `any` (when given), none of `none`, and be built between `from` and `to` (ISO dates,
 * both inclusive). An absent field does not restrict.
 */
export interface Applicability {
  all?: string[];
  any?: string[];
  none?: string[];
  from?: string;
  to?: string;
}

export interface VehicleFacts {
  options: readonly string[];
  /** ISO date (YYYY-MM-DD) the vehicle was built, null when the catalogue does not know it. */
  productionDate: string | null;
}

/**
 * colorvalue (docs/requirements.md#catalogue-panels): 1 applies to this vehicle, 0 not. A date range cannot be judged for a
 * vehicle without a production date; such parts are shown as fitting (1), because hiding a part
 * that fits costs the buyer more than showing one to check.
 */
export function colorValue(fit: Applicability | null | undefined, vehicle: VehicleFacts): 0 | 1 {
  if (!fit) return 1;
  const has = new Set(vehicle.options);
  if (fit.all && !fit.all.every((c) => has.has(c))) return 0;
  if (fit.any && fit.any.length > 0 && !fit.any.some((c) => has.has(c))) return 0;
  if (fit.none && fit.none.some((c) => has.has(c))) return 0;
  const built = vehicle.productionDate;
  if (built !== null) {
    if (fit.from && built < fit.from) return 0;
    if (fit.to && built > fit.to) return 0;
  }
  return 1;
}

// ---------------------------------------------------------------------------------------------
// Diagram zoom (docs/requirements.md#catalogue-screens)

export const EPC_ZOOM = { inStep: 0.5, outStep: 0.25, min: 0.5, max: 3, initial: 1 } as const;

/** Zoom in is blocked from 3 on; a step never goes beyond 3. */
export function canZoomIn(scale: number): boolean {
  return scale < EPC_ZOOM.max;
}

export function zoomIn(scale: number): number {
  return canZoomIn(scale) ? Math.min(scale + EPC_ZOOM.inStep, EPC_ZOOM.max) : scale;
}

export function canZoomOut(scale: number): boolean {
  return scale > EPC_ZOOM.min;
}

export function zoomOut(scale: number): number {
  return Math.max(scale - EPC_ZOOM.outStep, EPC_ZOOM.min);
}

// ---------------------------------------------------------------------------------------------
// Catalogue part-number search (2-50 characters)

export const EPC_PART_SEARCH = { min: 2, max: 50 } as const;

/**
 * The search box's keyword: 2-50 characters as typed (trimmed), and at least two letters or
 * digits once spaces, dots and dashes are dropped (part numbers compare by `alphaNumber`, as the
 * shop's products do).
 */
export const epcPartSearchKeyword = z
  .string({ error: EPC_MSG.partSearchRequired })
  .trim()
  .min(1, EPC_MSG.partSearchRequired)
  .min(EPC_PART_SEARCH.min, EPC_MSG.partSearchLength)
  .max(EPC_PART_SEARCH.max, EPC_MSG.partSearchLength)
  .refine((v) => alphaNumber(v).length >= EPC_PART_SEARCH.min, EPC_MSG.partSearchChars);
