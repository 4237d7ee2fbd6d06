import type { ReactNode } from 'react';
import { count } from '../../../shared/format';
import { A } from '../texts';

/**
 * The bar between a list's filters and its table: the total on the left, the list's buttons on the
 * right, then its CSV download and its column chooser when it has them.
 */
export function ListToolbar({
  total,
  unit = A.kit.unit,
  children,
  onExport,
  chooser,
}: {
  total?: number;
  unit?: string;
  children?: ReactNode;
  onExport?: () => void;
  chooser?: ReactNode;
}) {
  return (
    <div className="admin-toolbar">
      {total !== undefined && (
        <span>
          {A.kit.total} {count(total)}
          {unit}
        </span>
      )}
      <span className="spacer" />
      {children}
      {onExport && (
        <button type="button" className="btn btn-small" onClick={onExport}>
          {A.csvExport}
        </button>
      )}
      {chooser}
    </div>
  );
}
