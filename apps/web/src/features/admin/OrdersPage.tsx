import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  ORDER_STATUS,
  RETURN_REASONS,
  allowedMoves,
  calendarDateField,
  type AdminOrderDetail,
  type AdminOrderRow,
} from '@partsmall/contract';
import { api, messageOf } from '../../shared/api';
import { addressLine, count, date, dateTime, phone, won } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Form, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { PAY_TYPE_LABELS, SHIPPING_TYPE_LABELS, orderJobRefs } from '@partsmall/contract';
import { useColumnChoice } from './columns';
import { StatementButton } from '../orders';
import { adminQuery, downloadCsv, useAdminWrite } from './api';
import { A } from './texts';
import { ShipFields, shipProblem } from './components/ShipFields';

const filterSchema = z.object({
  status: z.string(),
  startDate: calendarDateField,
  endDate: calendarDateField,
  company: z.string().trim().max(100),
  stockName: z.string().trim().max(100),
  pid: z.string().trim().max(100),
});
type Filters = z.infer<typeof filterSchema>;

function toQuery(f: Filters, page: number) {
  return {
    ...(f.status !== '' ? { status: Number(f.status) } : {}),
    ...(f.startDate ? { startDate: f.startDate } : {}),
    ...(f.endDate ? { endDate: f.endDate } : {}),
    ...(f.company ? { company: f.company } : {}),
    ...(f.stockName ? { stockName: f.stockName } : {}),
    ...(f.pid ? { pid: f.pid } : {}),
    page,
    size: 20,
  };
}

export function StatusBadge({ status }: { status: number }) {
  return <span className={`admin-status s${status}`}>{A.status[status] ?? status}</span>;
}

/** Orders: filters (status, Seoul date range, company, warehouse, part number), paging, CSV, bulk shipment confirmed. */
export default function OrdersPage() {
  const [params] = useSearchParams();
  const initial: Filters = {
    status: params.get('status') ?? '',
    startDate: '',
    endDate: '',
    company: '',
    stockName: '',
    pid: '',
  };
  const [filters, setFilters] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<number | null>(null);
  const notify = useNotify();
  const query = toQuery(filters, page);
  const list = useQuery(adminQuery('adminOrderList', query));
  const bulk = useAdminWrite('adminBulkShipConfirm');
  const form = useZodForm(filterSchema, initial);

  const toggle = (seq: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(seq)) next.delete(seq);
      else next.add(seq);
      return next;
    });
  const exportCsv = () =>
    api('adminOrderExport', { ...query, page: 1 }).then(
      (a) => downloadCsv(a.results),
      (e: unknown) => void notify.alert(messageOf(e)),
    );
  const bulkShip = () =>
    void notify
      .confirm(
        {
          title: '선택 주문 출고확정',
          text: `선택한 주문 ${selected.size}건을 출고확정으로 바꿉니다.`,
          confirmLabel: '출고확정',
          busyLabel: '처리 중...',
        },
        () => bulk.mutateAsync({ seqs: [...selected] }),
      )
      .then(
        (a) => {
          if (!a) return;
          setSelected(new Set());
          notify.toast(a.message);
          if (a.results.refused.length)
            void notify.alert(a.results.refused.map((r) => `#${r.seq}: ${r.message}`).join('\n'));
        },
        (e: unknown) => void notify.alert(messageOf(e)),
      );

  const columns: Column<AdminOrderRow>[] = [
    {
      id: 'pick',
      header: <span className="sr-only">선택</span>,
      width: 40,
      className: 'center',
      cell: (o) => (
        <input
          type="checkbox"
          aria-label={`주문 ${o.seq} 선택`}
          checked={selected.has(o.seq)}
          onChange={() => toggle(o.seq)}
        />
      ),
    },
    { id: 'seq', header: '주문번호', width: 80, className: 'num', sortValue: (o) => o.seq, cell: (o) => o.seq },
    {
      id: 'created',
      header: '주문일시',
      width: 130,
      className: 'date',
      sortValue: (o) => o.created,
      cell: (o) => dateTime(o.created),
    },
    { id: 'company', header: '업체', cell: (o) => o.companyName, sortValue: (o) => o.companyName },
    { id: 'member', header: '주문자', width: 90, cell: (o) => o.memberName },
    {
      id: 'items',
      header: '상품',
      className: 'ellipsis',
      cell: (o) => `${o.orderProductInfo[0]?.name ?? ''}${o.itemLength > 1 ? ` 외 ${o.itemLength - 1}건` : ''}`,
    },
    {
      id: 'jobRef',
      header: '작업번호/차량번호',
      width: 130,
      className: 'ellipsis',
      cell: (o) => orderJobRefs(o).join(', ') || A.none,
    },
    { id: 'stock', header: '창고', width: 130, cell: (o) => o.stockName },
    {
      id: 'amount',
      header: '금액(원)',
      width: 100,
      className: 'money',
      sortValue: (o) => o.totalAmount + o.shipping,
      cell: (o) => count(o.totalAmount + o.shipping),
    },
    {
      id: 'status',
      header: '상태',
      width: 90,
      className: 'center',
      sortValue: (o) => o.status,
      cell: (o) => <StatusBadge status={o.status} />,
    },
    {
      id: 'open',
      header: <span className="sr-only">상세</span>,
      width: 70,
      className: 'center',
      cell: (o) => (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setOpen(o.seq)}
          aria-label={`주문 ${o.seq} 상세`}
        >
          {A.detail}
        </button>
      ),
    },
  ];

  const { shown, chooser } = useColumnChoice('orders', columns);
  return (
    <section>
      <h1>주문 관리</h1>
      <Form
        form={form}
        className="admin-filters"
        role="search"
        onSubmit={(v) => {
          setFilters(v);
          setPage(1);
        }}
        aria-label="주문 검색"
      >
        <label>
          상태
          <select {...form.register('status')} aria-label="상태">
            <option value="">{A.all}</option>
            {Object.values(ORDER_STATUS).map((s) => (
              <option key={s} value={s}>
                {A.status[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          시작일
          <input type="date" {...form.register('startDate')} />
        </label>
        <label>
          종료일
          <input type="date" {...form.register('endDate')} />
        </label>
        <label>
          업체명·사업자번호
          <input {...form.register('company')} />
        </label>
        <label>
          창고
          <input {...form.register('stockName')} />
        </label>
        <label>
          품번
          <input {...form.register('pid')} />
        </label>
        <button type="submit" className="btn btn-primary btn-small">
          {A.search}
        </button>
        {form.formState.errors.startDate && (
          <span className="admin-error">{form.formState.errors.startDate.message}</span>
        )}
      </Form>
      <div className="admin-toolbar">
        <span>총 {count(list.data?.total ?? 0)}건</span>
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          disabled={selected.size === 0}
          title={selected.size === 0 ? '주문을 선택하세요.' : undefined}
          onClick={bulkShip}
        >
          선택 출고확정 ({selected.size})
        </button>
        <button type="button" className="btn btn-small" onClick={() => void exportCsv()}>
          {A.csvExport}
        </button>
        {chooser}
      </div>
      <DataTable
        label="주문 목록"
        query={list}
        columns={shown}
        rowTestId="admin-order-row"
        paging={{ page, size: 20, onPage: setPage }}
      />
      {open !== null && <OrderDetail seq={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

const MOVE_LABELS: Record<number, string> = {
  1: '출고확정',
  2: '출고완료',
  3: '출고취소',
  5: '반품승인',
  6: '반품보류',
  8: '판매자취소',
};

function OrderDetail({ seq, onClose }: { seq: number; onClose: () => void }) {
  const q = useQuery(adminQuery('adminOrderDetail', { seq }));
  const d = q.data?.results;
  return (
    <Modal title={`주문 #${seq}`} onClose={onClose} className="admin-wide" size="wide">
      {!d ? q.error ? <p className="admin-error">{messageOf(q.error)}</p> : <Loading /> : <OrderBody d={d} />}
    </Modal>
  );
}

function OrderBody({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  return (
    <div className="admin-order">
      <div className="admin-grid2">
        <dl className="admin-dl">
          <dt>상태</dt>
          <dd>
            <StatusBadge status={o.status} />
            {o.returnReason !== null && ` (반품 사유: ${RETURN_REASONS[o.returnReason] ?? o.returnReason})`}
          </dd>
          <dt>주문일시</dt>
          <dd>{dateTime(o.created)}</dd>
          <dt>업체 / 주문자</dt>
          <dd>
            {o.companyName} / {o.memberName}
          </dd>
          <dt>창고</dt>
          <dd>{o.stockName}</dd>
          <dt>금액</dt>
          <dd>
            상품 {won(o.totalAmount)} + 배송비 {won(o.shipping)} = {won(o.totalAmount + o.shipping)}
          </dd>
          {o.carrier && (
            <>
              <dt>택배사 / 송장</dt>
              <dd>
                {o.carrier} / {o.waybill} {o.shippedAt && `(${dateTime(o.shippedAt)})`}
              </dd>
            </>
          )}
          {o.staffNote && (
            <>
              <dt>직원 메모</dt>
              <dd>{o.staffNote}</dd>
            </>
          )}
        </dl>
        <dl className="admin-dl">
          <dt>배송</dt>
          <dd>
            {SHIPPING_TYPE_LABELS[o.shippingValue] ?? o.shippingValue} ·{' '}
            {PAY_TYPE_LABELS[o.shippingPayType] ?? o.shippingPayType}
            {o.arrive && ` · 영업소 ${o.arrive}`}
          </dd>
          <dt>받는 분</dt>
          <dd>
            {o.name} {phone(o.phone)}
          </dd>
          <dt>주소</dt>
          <dd>{addressLine(o)}</dd>
          <dt>보내는 분</dt>
          <dd>{o.fromName ? `${o.fromName} ${phone(o.fromPhone)}` : A.none}</dd>
          <dt>메모</dt>
          <dd>{o.memo || A.none}</dd>
          <dt>작업번호/차량번호</dt>
          <dd>{orderJobRefs(o).join(', ') || A.none}</dd>
        </dl>
      </div>
      <p className="admin-actions no-print">
        <StatementButton seq={o.seq} />
      </p>
      <h2>주문 상품</h2>
      <DataTable
        label="주문 상품"
        rows={o.orderProductInfo.map((l, i) => ({ ...l, i, vin: d.vins[i] ?? '' }))}
        rowKey={(l) => l.i}
        columns={[
          { id: 'name', header: '상품명', className: 'ellipsis', cell: (l) => l.name },
          { id: 'pid', header: '품번', width: 140, cell: (l) => l.pid },
          { id: 'factory', header: '공장품번', width: 120, cell: (l) => l.factoryNum || A.none },
          { id: 'vin', header: 'VIN', width: 170, cell: (l) => l.vin || A.none },
          { id: 'jobRef', header: '작업번호', width: 110, cell: (l) => l.jobRef || A.none },
          { id: 'qty', header: '수량', width: 60, className: 'num', cell: (l) => count(l.qty) },
          { id: 'price', header: '단가(원)', width: 90, className: 'money', cell: (l) => count(l.price) },
          { id: 'sum', header: '금액(원)', width: 100, className: 'money', cell: (l) => count(l.price * l.qty) },
        ]}
      />
      <Moves d={d} />
      <div className="admin-grid2 no-print">
        <div>
          <h2>상태 이력</h2>
          {/* The order's first event is its creation (no status → 구매요청), written with the payment. */}
          <ol className="admin-timeline">
            {d.events.map((e) => (
              <li key={e.id}>
                {dateTime(e.createdAt)} {e.fromStatus !== null ? `${A.status[e.fromStatus]} → ` : ''}
                {A.status[e.toStatus]} ({e.memberName}){e.note && ` - ${e.note}`}
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h2>캐시 내역</h2>
          <DataTable
            label="주문 캐시 내역"
            rows={d.ledger}
            columns={[
              { id: 'at', header: '일시', width: 120, className: 'date', cell: (l) => dateTime(l.created) },
              { id: 'type', header: '구분', width: 80, cell: (l) => A.ledgerTypes[l.type] ?? l.type },
              { id: 'amount', header: '금액(원)', className: 'money', cell: (l) => count(l.amount) },
              { id: 'after', header: '잔액(원)', className: 'money', cell: (l) => count(l.balanceAfter) },
            ]}
          />
        </div>
      </div>
    </div>
  );
}

/** The moves the transition table allows staff from this status, and only those. */
function Moves({ d }: { d: AdminOrderDetail }) {
  const o = d.order;
  const notify = useNotify();
  const moves = allowedMoves(o.status, 'staff');
  const move = useAdminWrite('adminSetOrderStatus');
  const [carrier, setCarrier] = useState('');
  const [waybill, setWaybill] = useState('');
  const [note, setNote] = useState('');
  const shipBlocked = shipProblem(carrier, waybill);
  const run = (to: number) => {
    const refund = d.refunds[String(to)];
    const text =
      refund !== undefined
        ? `${MOVE_LABELS[to]} 처리하면 ${won(refund)}을 캐시로 돌려주고 재고를 되돌립니다.`
        : `주문 #${o.seq}을 ${MOVE_LABELS[to]}(으)로 바꿉니다.`;
    const body = {
      seq: o.seq,
      status: to,
      ...(to === 2 ? { carrier, waybill } : {}),
      ...(to === 6 && note ? { note } : {}),
    };
    void notify
      .confirm(
        {
          title: MOVE_LABELS[to] ?? '',
          text,
          confirmLabel: MOVE_LABELS[to] ?? '확인',
          busyLabel: '처리 중...',
          danger: refund !== undefined,
        },
        () => move.mutateAsync(body),
      )
      .then(
        (a) => a && notify.toast(a.message),
        (e: unknown) => void notify.alert(messageOf(e)),
      );
  };
  return (
    <div className="admin-panel no-print">
      <div className="admin-actions">
        {moves.length === 0 && <span>더 바꿀 수 있는 상태가 없습니다.</span>}
        {moves.includes(2) && (
          <ShipFields carrier={carrier} waybill={waybill} onCarrier={setCarrier} onWaybill={setWaybill} />
        )}
        {moves.includes(6) && (
          <input
            aria-label="보류 메모"
            placeholder="구매자에게 보일 보류 메모"
            value={note}
            maxLength={255}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={to === 3 || to === 8 ? 'btn btn-small btn-danger-line' : 'btn btn-small btn-primary'}
            disabled={move.isPending || (to === 2 && shipBlocked !== null)}
            title={to === 2 ? (shipBlocked ?? undefined) : undefined}
            onClick={() => run(to)}
          >
            {MOVE_LABELS[to]}
            {d.refunds[String(to)] !== undefined && ` (환불 ${won(d.refunds[String(to)]!)})`}
          </button>
        ))}
        <span className="spacer" />
        <button type="button" className="btn btn-small" onClick={() => window.print()}>
          포장 목록 인쇄
        </button>
      </div>
      <p className="field-hint">인쇄일 {date(new Date())}</p>
    </div>
  );
}
