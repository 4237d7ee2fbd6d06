import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { count, won } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { Pending } from '../../shared/ui/states';
import { adminQuery } from './api';
import { A } from './texts';
import { StaffConsoleLink } from '../chat';
import { SalesChart } from './SalesChart';

/** Today's and this month's orders and sales, what waits, low stock, and the last 30 days as bars. */
export default function DashboardPage() {
  const q = useQuery(adminQuery('adminDashboard', {}));
  const d = q.data?.results;
  if (!d) return <Pending error={q.error} errorClassName="admin-error" />;
  return (
    <section>
      <h1>{A.dashboard.title}</h1>
      <div className="admin-cards">
        <div className="admin-card">
          <h2>{A.dashboard.today}</h2>
          <strong>{A.dashboard.cases(count(d.today.orders))}</strong>
          <p>{A.dashboard.sales(won(d.today.sales))}</p>
        </div>
        <div className="admin-card">
          <h2>{A.dashboard.month}</h2>
          <strong>{A.dashboard.cases(count(d.month.orders))}</strong>
          <p>{A.dashboard.sales(won(d.month.sales))}</p>
        </div>
        <div className="admin-card">
          <h2>{A.dashboard.waiting}</h2>
          {d.waiting.map((w) => (
            <p key={w.status} className="admin-card-line">
              <Link to={`/admin/orders?status=${w.status}`}>{A.status[w.status]}</Link>{' '}
              {A.dashboard.cases(count(w.count))}
            </p>
          ))}
        </div>
        <div className="admin-card">
          <h2>{A.dashboard.todo}</h2>
          <p className="admin-card-line">
            <Link to="/admin/inquiries">{A.dashboard.openInquiries}</Link> {A.dashboard.cases(count(d.openInquiries))}
          </p>
          <p className="admin-card-line">
            <Link to="/admin/payments">{A.dashboard.transfers}</Link> {A.dashboard.cases(count(d.transfersWaiting))}
          </p>
          <p className="admin-card-line">
            <StaffConsoleLink>{A.dashboard.chatOnline}</StaffConsoleLink> {A.dashboard.people(count(d.chatOnline))}
          </p>
        </div>
      </div>
      <div className="admin-grid2 admin-dash-lower">
        <div className="admin-panel">
          <h2>{A.dashboard.sales30}</h2>
          <SalesChart days={d.sales30} />
        </div>
        <div className="admin-panel">
          <h2>{A.dashboard.lowStock}</h2>
          <DataTable
            label={A.dashboard.lowStock}
            rows={d.lowStock}
            columns={[
              // The name takes what the number, the warehouse and the count leave (it was a third of the panel).
              { id: 'pid', header: A.dashboard.cols.pid, width: 120, cell: (p) => p.pid },
              {
                id: 'name',
                header: A.dashboard.cols.name,
                className: 'ellipsis',
                title: (p) => p.name,
                cell: (p) => p.name,
              },
              { id: 'stock', header: A.dashboard.cols.stock, width: 140, cell: (p) => p.stockName },
              { id: 'qty', header: A.dashboard.cols.qty, className: 'num', width: 60, cell: (p) => count(p.hasAmount) },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
