import { money } from '../../shared/format';
import type { Column } from '../../shared/ui/DataTable';
import { CREDIT_UNITS } from './texts';

/** A column of an amount in won: the unit in its header, the figure right-aligned with digit groups. */
export function wonColumn<R>(id: string, label: string, width: number, value: (row: R) => number): Column<R> {
  return { id, header: CREDIT_UNITS.wonColumn(label), width, className: 'money', cell: (r) => money(value(r)) };
}
