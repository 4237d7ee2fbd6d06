import { CREDIT_STATUS_LABELS, groupDigits, type PaymentTerm } from '@partsmall/contract';
import { CREDIT_TEXTS, CREDIT_UNITS } from './texts';

const K = CREDIT_TEXTS.company;

/** The audited fields of a credit account, in the order the page lists them. */
const FIELDS = [
  'status',
  'limit',
  'termCode',
  'graceDays',
  'overdueThreshold',
  'allowExceed',
  'allowSubAccounts',
] as const;
type Field = (typeof FIELDS)[number];

/** A field's value as a person reads it: 정상, 5,000,000원, 월말 마감 익월 10일, 5일, 허용. */
function shown(field: Field, value: unknown, terms: readonly PaymentTerm[]): string {
  if (value === undefined || value === null) return '-';
  switch (field) {
    case 'status':
      return CREDIT_STATUS_LABELS[value as keyof typeof CREDIT_STATUS_LABELS] ?? String(value);
    case 'limit':
    case 'overdueThreshold':
      return typeof value === 'number' ? CREDIT_UNITS.won(groupDigits(value)) : String(value);
    case 'termCode':
      return terms.find((t) => t.code === value)?.label ?? String(value);
    case 'graceDays':
      return CREDIT_UNITS.days(String(value));
    case 'allowExceed':
    case 'allowSubAccounts':
      return value === true ? K.yes : K.no;
  }
}

/**
 * What an audited change changed, one field a line in Korean: '한도: 1,000,000원 → 3,000,000원'; a new
 * account lists its values ('한도: 1,000,000원'). Fields that did not change are left out.
 */
export function changeLines(
  row: { before: Record<string, unknown> | null; after: Record<string, unknown> },
  terms: readonly PaymentTerm[],
): string[] {
  return FIELDS.filter((f) => f in row.after && (!row.before || row.before[f] !== row.after[f])).map((f) => {
    const after = shown(f, row.after[f], terms);
    return row.before ? `${K.fields[f]}: ${shown(f, row.before[f], terms)} → ${after}` : `${K.fields[f]}: ${after}`;
  });
}
