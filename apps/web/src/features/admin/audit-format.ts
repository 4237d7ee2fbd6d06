import { AUDIT_FIELD_LABELS, AUDIT_TARGET_LABELS, groupDigits, seoulDay, seoulParts } from '@partsmall/contract';
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
 * What an audit row changed, in Korean: 'company:12' reads '업체 12', 'config' '쇼핑몰 설정'. A kind the
 * contract does not name is shown as stored, so a new one is never hidden.
 */
export function auditTarget(target: string): string {
  const at = target.indexOf(':');
  const kind = at < 0 ? target : target.slice(0, at);
  const label = AUDIT_TARGET_LABELS[kind];
  if (label === undefined) return target;
  return at < 0 ? label : `${label} ${target.slice(at + 1)}`;
}

const isPlain = (v: unknown) => v === null || typeof v !== 'object';

/**
 * One value on its line: instants in Seoul time, 예/아니오, '-' for nothing, and an amount under a
 * field in won ('금액(원)') grouped as every amount on a screen (docs/requirements.md#look-and-language).
 */
function scalar(v: unknown, won = false): string {
  if (v === null || v === undefined || v === '') return A.none;
  if (typeof v === 'boolean') return v ? A.audit.yes : A.audit.no;
  if (typeof v === 'string') return INSTANT.test(v) ? seoulInstant(v) : v;
  if (won && typeof v === 'number' && Number.isInteger(v)) return groupDigits(v);
  return String(v);
}

/** The lines of a value, each indented by `pad`; a list of plain values is one line. */
function lines(v: unknown, pad: string): string[] {
  if (Array.isArray(v)) {
    if (v.every(isPlain)) return [pad + (v.length ? v.map((x) => scalar(x)).join(', ') : A.none)];
    return v.flatMap((item) => {
      const [first = '', ...rest] = lines(item, `${pad}  `);
      return [`${pad}- ${first.slice(pad.length + 2)}`, ...rest];
    });
  }
  if (isPlain(v)) return [pad + scalar(v)];
  return Object.entries(v as Record<string, unknown>).flatMap(([key, x]) => {
    const label = AUDIT_FIELD_LABELS[key] ?? key;
    if (isPlain(x)) return [`${pad}${label}: ${scalar(x, label.includes(A.audit.wonMark))}`];
    if (Array.isArray(x) && x.every(isPlain)) {
      const [value = ''] = lines(x, '');
      return [`${pad}${label}: ${value}`];
    }
    return [`${pad}${label}:`, ...lines(x, `${pad}  `)];
  });
}

/**
 * A before or after value of the audit log as shown: one field a line under its Korean name
 * (docs/security.md#back-office-audit), nested values indented, instants in Asia/Seoul time
 * (docs/requirements.md#money), '-' when there is none.
 */
export function auditValue(v: unknown): string {
  if (v === null || v === undefined) return A.none;
  return lines(v, '').join('\n');
}
