import { A } from '../texts';

/** An order's status as the back office shows it (its colour by the status's class). */
export function StatusBadge({ status }: { status: number }) {
  return <span className={`admin-status s${status}`}>{A.status[status] ?? status}</span>;
}
