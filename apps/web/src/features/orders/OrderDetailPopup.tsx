import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import {
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  RETURN_REASONS,
  allowedMoves,
  orderJobRefs,
  type OrderView,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count, date, dateTime, money, phone, won } from '../../shared/format';
import { PATHS } from '../../shared/paths';
import { T } from '../../shared/texts';
import { useConfirmedWrite, useNotify } from '../../shared/ui/notify';
import { openPopup, POPUP } from '../../shared/ui/popup';
import { Loading } from '../../shared/ui/states';
import { VatSplit } from '../../shared/ui/VatSplit';
import { ReorderButton } from '../quick-order';
import { PW } from '../../shared/paperwork-texts';
import { orderQuery, useCancelOrder, useReturnOrder } from './api';
import { TO } from './texts';
import { TrackingPanel } from './components/TrackingPanel';
import { StatementButton } from './components/StatementButton';
import { TaxInvoiceBadge } from './components/TaxInvoiceBadge';
import { orderPlace, orderSender } from './place';
import { refundLine } from './refund';
import { TableHead } from '../../shared/ui/TableHead';
import './orders.css';

const t = T.trade.detail;
const DETAIL_KEY = 'orderDetailSeq';

/**
 * Opens the order detail popup (800×600). The seq travels in the URL and is also kept
 * in the opener's storage, which the popup reads when the query is missing. False when the
 * browser blocked the window.
 */
export function openOrderDetail(seq: number): boolean {
  try {
    localStorage.setItem(DETAIL_KEY, String(seq));
    sessionStorage.setItem(DETAIL_KEY, String(seq));
  } catch {
    // The query carries the seq anyway.
  }
  return openPopup(`/orderDetail?seq=${seq}`, 'orderDetail', POPUP.orderDetail) !== null;
}

/** The order the popup shows: ?seq= first, then the stored copy; null when none. */
export function storedOrderSeq(search: string): number | null {
  const fromQuery = Number(new URLSearchParams(search).get('seq'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(DETAIL_KEY) ?? localStorage.getItem(DETAIL_KEY);
  } catch {
    stored = null;
  }
  const n = Number(stored);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** F12, Ctrl+Shift+I/J/C and Ctrl+U (Cmd+Option+I/J/C on a Mac). */
export function isDevShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const key = e.key.toLowerCase();
  if (key === 'f12') return true;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && (e.shiftKey || e.altKey) && ['i', 'j', 'c'].includes(key)) return true;
  return mod && key === 'u';
}

/** A fact of the order across the table's width: its label, then its value over three cells. */
function WideRow({ label, testId, children }: { label: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td colSpan={3} data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}

/**
 * The order detail popup (800×600): trade date, cash used, sender, recipient, address
 * and lines, with the buyer's moves the status table allows. The context menu and developer
 * shortcuts close the window; without an order it goes home.
 */
export function OrderDetailPopup() {
  const location = useLocation();
  const [seq] = useState(() => storedOrderSeq(location.search));
  const query = useQuery({ ...orderQuery(seq ?? 0), enabled: seq !== null });
  const order = query.data;
  const error = query.error ? messageOf(query.error) : null;

  usePopupGuard();

  // Without an order the popup goes home (docs/requirements.md#member-area).
  if (seq === null) return <Navigate to={PATHS.home[0]} replace />;
  if (error && !order) {
    return (
      <div className="od-popup">
        <p className="cart-empty-title">{error}</p>
        <button type="button" className="btn" onClick={() => window.close()}>
          {t.close}
        </button>
      </div>
    );
  }
  if (!order) return <Loading className="od-popup od-loading" />;

  return (
    <div className="od-popup">
      <header className="od-head">
        <h1>{t.title}</h1>
        <span className={`status-badge st-${order.status}`} data-testid="order-status">
          {ORDER_STATUS_LABELS[order.status]}
        </span>
        <button type="button" className="btn btn-small od-close" onClick={() => window.close()}>
          {t.close}
        </button>
      </header>
      <OrderFacts order={order} />
      {order.carrier && (
        <>
          <h2>{TO.tracking.title}</h2>
          <TrackingPanel seq={order.seq} />
        </>
      )}
      <h2>{t.lines}</h2>
      <OrderLines order={order} />
      <footer className="od-actions">
        <StatementButton seq={order.seq} className="btn" />
        <ReorderButton seq={order.seq} className="btn" />
      </footer>
      <BuyerMoves order={order} />
    </div>
  );
}

/** Closes the popup on the context menu and the developer shortcuts; names the window while it is open. */
function usePopupGuard() {
  useEffect(() => {
    const shut = (e: Event) => {
      e.preventDefault();
      window.close();
    };
    const onKey = (e: KeyboardEvent) => isDevShortcut(e) && shut(e);
    window.addEventListener('contextmenu', shut);
    window.addEventListener('keydown', onKey, true);
    const previousTitle = document.title;
    document.title = `${t.title} - ${T.brand}`;
    return () => {
      window.removeEventListener('contextmenu', shut);
      window.removeEventListener('keydown', onKey, true);
      document.title = previousTitle;
    };
  }, []);
}

/** The order's facts: number, date, cash used, sender and recipient, place, shipping and notes. */
function OrderFacts({ order }: { order: OrderView }) {
  return (
    <table className="od-facts">
      <tbody>
        <tr>
          <th scope="row">{t.orderNo}</th>
          <td>{order.seq}</td>
          <th scope="row">{t.tradeDate}</th>
          <td title={dateTime(order.created)}>{date(order.created)}</td>
        </tr>
        <WideRow label={t.used}>
          <b data-testid="order-used">{won(order.totalAmount + order.shipping)}</b>{' '}
          <span className="muted">({t.usedBreakdown(won(order.totalAmount), won(order.shipping))})</span>
          <VatSplit total={order.totalAmount + order.shipping} />
        </WideRow>
        <RefundRow order={order} />
        <tr>
          <th scope="row">{t.sender}</th>
          <td>
            {/* The phone kept on one line in the popup's narrow cell. */}
            {orderSender(order) !== null ? (
              <>
                {order.fromName} {order.fromPhone && <span className="nowrap">{phone(order.fromPhone)}</span>}
              </>
            ) : (
              '-'
            )}
          </td>
          <th scope="row">{t.recipient}</th>
          <td>
            {order.name} <span className="nowrap">{phone(order.phone)}</span>
          </td>
        </tr>
        <WideRow label={orderPlace(order).label ?? t.address} testId="order-place">
          {orderPlace(order).value}
        </WideRow>
        <tr>
          <th scope="row">{t.shipping}</th>
          <td>{T.trade.shippingLine(order.shippingValue, order.shippingPayType)}</td>
          <th scope="row">{order.arrive ? t.arrive : t.carrier}</th>
          <td>{order.arrive || (order.carrier ? `${order.carrier} ${order.waybill ?? ''}` : '-')}</td>
        </tr>
        {order.memo && <WideRow label={t.memo}>{order.memo}</WideRow>}
        {orderJobRefs(order).length > 0 && (
          <WideRow label={t.jobRef} testId="order-job-ref">
            {orderJobRefs(order).join(', ')}
          </WideRow>
        )}
        {order.returnReason !== null && <WideRow label={t.returnReason}>{RETURN_REASONS[order.returnReason]}</WideRow>}
        {order.staffNote && <WideRow label={t.staffNote}>{order.staffNote}</WideRow>}
        {(order.taxInvoice || order.taxCorrections) && (
          <WideRow label={PW.invoices.onOrder}>
            <TaxInvoiceBadge invoice={order.taxInvoice} corrections={order.taxCorrections} />
          </WideRow>
        )}
      </tbody>
    </table>
  );
}

/** An undone order's refund, under the cash it used (docs/requirements.md#order-statuses). */
function RefundRow({ order }: { order: OrderView }) {
  const refund = refundLine(order);
  if (!refund) return null;
  return (
    <WideRow label={refund.label} testId="order-refund">
      {refund.text}
    </WideRow>
  );
}

/** The order's lines and the goods' total. */
function OrderLines({ order }: { order: OrderView }) {
  const goods = order.orderProductInfo.reduce((s, l) => s + l.price * l.qty, 0);
  return (
    <table className="od-lines">
      <TableHead
        cells={[
          { label: t.cols.no, className: 'c-no' },
          t.cols.name,
          { label: t.cols.pid, className: 'c-pid' },
          { label: t.cols.qty, className: 'c-qty' },
          { label: t.cols.price, className: 'c-money' },
          { label: t.cols.amount, className: 'c-money' },
        ]}
      />
      <tbody>
        {order.orderProductInfo.map((l, i) => (
          <tr key={i}>
            <td className="center">{i + 1}</td>
            <td className="od-line-name">
              {l.name}
              {l.vin && (
                <div className="od-vin muted">
                  {t.vin} <span className="mono">{l.vin}</span>
                </div>
              )}
              {l.jobRef && (
                <div className="od-vin muted">
                  {t.jobRef} {l.jobRef}
                </div>
              )}
              {l.memo && (
                <div className="od-vin muted" data-testid="line-memo">
                  {t.lineMemo} {l.memo}
                </div>
              )}
            </td>
            {/* Each cell's column name, shown before it where a phone draws the line as a card. */}
            <td className="mono" data-label={t.cols.pid}>
              {l.pid}
            </td>
            <td className="center" data-label={t.cols.qty}>
              {count(l.qty)}
            </td>
            <td className="money" data-label={t.cols.price}>
              {money(l.price)}
            </td>
            <td className="money" data-label={t.cols.amount}>
              {money(l.price * l.qty)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={5}>
            {t.total}
          </th>
          <td className="money">{money(goods)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The buyer's moves the status table allows: cancel before shipment, ask for a return after it. */
function BuyerMoves({ order }: { order: OrderView }) {
  const notify = useNotify();
  const ask = useConfirmedWrite();
  const cancel = useCancelOrder();
  const ret = useReturnOrder();
  const busy = cancel.isPending || ret.isPending;
  const [reason, setReason] = useState('');
  const moves = allowedMoves(order.status, 'buyer');
  const canCancel = moves.includes(ORDER_STATUS.shipmentCancelled);
  const canReturn = moves.includes(ORDER_STATUS.returnRequested);

  const failed = (e: unknown) => void notify.alert(messageOf(e));
  // A 외상 order's cancel gives no cash back (docs/requirements.md#credit-checkout).
  const cancelText = order.payWith === 'credit' ? t.cancelConfirmOnCredit : t.cancelConfirm;
  const askCancel = () =>
    ask(
      {
        title: t.cancelTitle,
        text: cancelText,
        confirmLabel: t.cancel,
        cancelLabel: TO.keepOrder,
        busyLabel: t.busy,
        danger: true,
      },
      () => cancel.mutateAsync(order.seq),
    );
  const done = { onSuccess: (a: { message: string }) => notify.toast(a.message), onError: failed };
  const doReturn = () => {
    if (reason === '') return void notify.alert(T.trade.detail.returnReasonPick);
    ret.mutate({ seq: order.seq, returnReason: Number(reason) }, done);
  };

  if (!canCancel && !canReturn) return null;
  return (
    <footer className="od-actions">
      {canCancel && (
        <>
          <span className="muted">{t.cancelWhen}</span>
          <button type="button" className="btn btn-danger" onClick={askCancel} disabled={busy}>
            {t.cancel}
          </button>
        </>
      )}
      {canReturn && (
        <div className="od-return">
          <label htmlFor="f-returnReason">{t.returnReasonLabel}</label>
          <select id="f-returnReason" value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="">{t.returnReasonPick}</option>
            {Object.entries(RETURN_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" onClick={doReturn} disabled={busy}>
            {busy ? t.busy : t.returnSubmit}
          </button>
        </div>
      )}
    </footer>
  );
}
