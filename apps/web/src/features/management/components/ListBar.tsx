import type { ReactNode } from 'react';
import { T } from '../../../shared/texts';
import { Spinner } from '../../../shared/ui/states';
import '../management.css';

const M = T.management;

/** The count of a list and, while it loads, a spinner; `children` sit on the right (the search). */
export function ListBar({ total, loading, children }: { total: number; loading: boolean; children?: ReactNode }) {
  const summary = (
    <p className="board-summary" aria-live="polite">
      {M.total(total)}
      {loading && <Spinner label={T.common.loading} />}
    </p>
  );
  if (!children) return summary;
  return (
    <div className="board-toolbar mg-toolbar">
      {summary}
      {children}
    </div>
  );
}
