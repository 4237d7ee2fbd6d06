import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Dashboard } from '@partsmall/contract';
import { count, won } from '../../shared/format';
import { DataTable } from '../../shared/ui/DataTable';
import { Pending } from '../../shared/ui/states';
import { adminQuery } from './api';
import { A } from './texts';
import { StaffConsoleLink } from '../chat';

/** Today's and this month's orders and sales, what waits, low stock, and the last 30 days as bars. */
export default function DashboardPage() {
  const q = useQuery(adminQuery('adminDashboard', {}));
  const d = q.data?.results;
  if (!d) return <Pending error={q.error} errorClassName="admin-error" />;
  return (
    <section>
      <h1>대시보드</h1>
      <div className="admin-cards">
        <div className="admin-card">
          <h3>오늘 주문</h3>
          <strong>{count(d.today.orders)}건</strong>
          <p>매출 {won(d.today.sales)}</p>
        </div>
        <div className="admin-card">
          <h3>이번 달 주문</h3>
          <strong>{count(d.month.orders)}건</strong>
          <p>매출 {won(d.month.sales)}</p>
        </div>
        <div className="admin-card">
          <h3>처리 대기</h3>
          {d.waiting.map((w) => (
            <p key={w.status}>
              <Link to={`/admin/orders?status=${w.status}`}>{A.status[w.status]}</Link> {count(w.count)}건
            </p>
          ))}
        </div>
        <div className="admin-card">
          <h3>확인할 일</h3>
          <p>
            <Link to="/admin/inquiries">답변 대기 문의</Link> {count(d.openInquiries)}건
          </p>
          <p>
            <Link to="/admin/payments">입금 대기 계좌이체</Link> {count(d.transfersWaiting)}건
          </p>
          <p>
            <StaffConsoleLink>채팅 접속 고객</StaffConsoleLink> {count(d.chatOnline)}명
          </p>
        </div>
      </div>
      <div className="admin-grid2">
        <div className="admin-panel">
          <h2>최근 30일 매출</h2>
          <SalesChart days={d.sales30} />
        </div>
        <div className="admin-panel">
          <h2>재고 부족 상품</h2>
          <DataTable
            label="재고 부족 상품"
            rows={d.lowStock}
            columns={[
              { id: 'pid', header: '품번', cell: (p) => p.pid },
              { id: 'name', header: '상품명', className: 'ellipsis', cell: (p) => p.name },
              { id: 'stock', header: '창고', cell: (p) => p.stockName },
              { id: 'qty', header: '재고', className: 'num', width: 70, cell: (p) => count(p.hasAmount) },
            ]}
          />
        </div>
      </div>
    </section>
  );
}

/** Thirty bars of daily sales; a plain SVG is enough here (no chart library on this page). */
function SalesChart({ days }: { days: Dashboard['sales30'] }) {
  const max = Math.max(1, ...days.map((d) => d.sales));
  const w = 600;
  const h = 160;
  const bar = w / days.length;
  return (
    <svg className="admin-chart" viewBox={`0 0 ${w} ${h + 20}`} role="img" aria-label="최근 30일 일별 매출 막대그래프">
      {days.map((d, i) => {
        const bh = Math.round((d.sales / max) * h);
        return (
          <g key={d.day}>
            <rect x={i * bar + 2} y={h - bh} width={bar - 4} height={bh}>
              <title>{`${d.day} ${won(d.sales)} (${d.orders}건)`}</title>
            </rect>
            {i % 5 === 0 && (
              <text x={i * bar + 2} y={h + 14}>
                {d.day.slice(5)}
              </text>
            )}
          </g>
        );
      })}
      <text x={w - 4} y={12} textAnchor="end">
        최고 {won(max)}
      </text>
    </svg>
  );
}
