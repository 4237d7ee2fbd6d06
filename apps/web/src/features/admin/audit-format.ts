import { seoulDay, seoulParts } from '@partsmall/contract';
import { A } from './texts';

/** An instant as the server writes it in JSON ('2026-11-29T03:04:05.678Z'). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Seoul, the seconds kept: an audit row is evidence of when. */
function seoulInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const p = seoulParts(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${seoulDay(at)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/**
 * A before or after value of the audit log as shown: indented JSON whose instants read in Asia/Seoul
 * time (docs/requirements.md#money), '-' when there is none.
 */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return A.none;
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'string' && INSTANT.test(x) ? seoulInstant(x) : x), 1);
}
