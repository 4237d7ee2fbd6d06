import type { EstimateRole } from '@partsmall/contract';

/**
 * The columns of an estimate after the buyer set column `index` to `role` (docs/search.md#paste-anything).
 * A role a row has once only (part number, quantity, line number) moves: the column that had it
 * becomes '기타', so two columns never both claim the part number.
 */
export function correctedRoles(roles: readonly EstimateRole[], index: number, role: EstimateRole): EstimateRole[] {
  const single = role === 'part' || role === 'qty' || role === 'line';
  return roles.map((r, i) => (i === index ? role : single && r === role ? 'other' : r));
}
