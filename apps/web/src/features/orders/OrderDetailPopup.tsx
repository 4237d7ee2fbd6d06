import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ORDER_STATUS, ORDER_STATUS_LABELS, RETURN_REASONS, allowedMoves, formatWon, hyphenatePhone } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { ConfirmDialog } from '../../shared/ui/confirm';
import { useNotify } from '../../shared/ui/notify';
import { cancelOrder, fetchOrder, requestReturn, storedOrderSeq, type OrderView } from './api';
import { addressLine, seoulDateTime, seoulYmd } from './format';

const t = T.trade.detail;

/** F12, Ctrl+Shift+I/J/C and Ctrl+U (Cmd+Option+I/J/C on a Mac). */
export function isDevShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): boolean {
  const key = e.key.toLowerCase();
  if (key === 'f12') return true;
  const mod = e.ctrlKey || e.metaKey;
  if (mod && (e.shiftKey || e.altKey) && ['i', 'j', 'c'].includes(key)) return true;
  return mod && key === 'u';
}

/**
 * The order detail popup (800×600, spec 2 §2): trade date, cash used, sender, recipient, address
 * and lines, with the buyer's moves the status table allows. The context menu and developer
 * shortcuts close the window; without an order it goes home.
 */
export function OrderDetailPopup() {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const [seq] = useState(() => storedOrderSeq(location.search));
  const [order, setOrder] = useState<OrderView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);

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

  const load = useCallback(async () => {
    if (seq === null) return;
    const res = await fetchOrder(seq);
    if (res.ok) {
      setOrder(res.value);
      setError(null);
    } else setError(res.message);
  }, [seq]);

  useEffect(() => {
    if (seq === null) navigate('/home', { replace: true });
    else void load();
  }, [seq, load, navigate]);

  if (seq === null) return null;
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
  if (!order) {
    return (
      <div className="od-popup od-loading">
        <span className="spinner" aria-label={T.common.loading} />
      </div>
    );
  }

  const moves = allowedMoves(order.status, 'buyer');
  const canCancel = moves.includes(ORDER_STATUS.shipmentCancelled);
  const canReturn = moves.includes(ORDER_STATUS.returnRequested);
  const goods = order.orderProductInfo.reduce((s, l) => s + l.price * l.qty, 0);

  const doCancel = async () => {
    setBusy(true);
    const res = await cancelOrder(order.seq);
    setBusy(false);
    setConfirmCancel(false);
    if (res.ok) {
      setOrder(res.value);
      notify.toast(res.message);
    } else await notify.alert(res.message);
  };
  const doReturn = async () => {
    if (reason === '') return void notify.alert(T.trade.detail.returnReasonPick);
    setBusy(true);
    const res = await requestReturn(order.seq, Number(reason));
    setBusy(false);
    if (res.ok) {
      setOrder(res.value);
      notify.toast(res.message);
    } else await notify.alert(res.message);
  };

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
      <table className="od-facts">
        <tbody>
          <tr>
            <th scope="row">{t.orderNo}</th>
            <td>{order.seq}</td>
            <th scope="row">{t.tradeDate}</th>
            <td title={seoulDateTime(order.created)}>{seoulYmd(order.created)}</td>
          </tr>
          <tr>
            <th scope="row">{t.used}</th>
            <td colSpan={3}>
              <b data-testid="order-used">{formatWon(order.totalAmount + order.shipping)}</b>{' '}
              <span className="muted">({t.usedBreakdown(formatWon(order.totalAmount), formatWon(order.shipping))})</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{t.sender}</th>
            <td>
              {order.fromName} {order.fromPhone && <span className="nowrap">{hyphenatePhone(order.fromPhone)}</span>}
            </td>
            <th scope="row">{t.recipient}</th>
            <td>
              {order.name} <span className="nowrap">{hyphenatePhone(order.phone)}</span>
            </td>
          </tr>
          <tr>
            <th scope="row">{t.address}</th>
            <td colSpan={3}>{addressLine(order) || '-'}</td>
          </tr>
          <tr>
            <th scope="row">{t.shipping}</th>
            <td>
              {T.trade.shipping[order.shippingValue]} · {T.trade.payTypes[order.shippingPayType]}
            </td>
            <th scope="row">{order.arrive ? t.arrive : t.carrier}</th>
            <td>{order.arrive || (order.carrier ? `${order.carrier} ${order.waybill ?? ''}` : '-')}</td>
          </tr>
          {order.memo && (
            <tr>
              <th scope="row">{t.memo}</th>
              <td colSpan={3}>{order.memo}</td>
            </tr>
          )}
          {order.returnReason !== null && (
            <tr>
              <th scope="row">{t.returnReason}</th>
              <td colSpan={3}>{RETURN_REASONS[order.returnReason]}</td>
            </tr>
          )}
          {order.staffNote && (
            <tr>
              <th scope="row">{t.staffNote}</th>
              <td colSpan={3}>{order.staffNote}</td>
            </tr>
          )}
        </tbody>
      </table>
      <h2>{t.lines}</h2>
      <table className="od-lines">
        <thead>
          <tr>
            <th scope="col" className="c-no">{t.cols.no}</th>
            <th scope="col">{t.cols.name}</th>
            <th scope="col" className="c-pid">{t.cols.pid}</th>
            <th scope="col" className="c-qty">{t.cols.qty}</th>
            <th scope="col" className="c-money">{t.cols.price}</th>
            <th scope="col" className="c-money">{t.cols.amount}</th>
          </tr>
        </thead>
        <tbody>
          {order.orderProductInfo.map((l, i) => (
            <tr key={i}>
              <td className="center">{i + 1}</td>
              <td>{l.name}</td>
              <td className="mono">{l.pid}</td>
              <td className="center">{l.qty.toLocaleString('ko-KR')}</td>
              <td className="money">{l.price.toLocaleString('ko-KR')}</td>
              <td className="money">{(l.price * l.qty).toLocaleString('ko-KR')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={5}>
              {t.total}
            </th>
            <td className="money">{goods.toLocaleString('ko-KR')}</td>
          </tr>
        </tfoot>
      </table>
      {(canCancel || canReturn) && (
        <footer className="od-actions">
          {canCancel && (
            <>
              <span className="muted">{t.cancelWhen}</span>
              <button type="button" className="btn btn-danger" onClick={() => setConfirmCancel(true)} disabled={busy}>
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
              <button type="button" className="btn btn-primary" onClick={() => void doReturn()} disabled={busy}>
                {busy ? t.busy : t.returnSubmit}
              </button>
            </div>
          )}
        </footer>
      )}
      {confirmCancel && (
        <ConfirmDialog
          title={t.cancelTitle}
          text={t.cancelConfirm}
          confirmLabel={t.cancel}
          busyLabel={t.busy}
          busy={busy}
          onConfirm={() => void doCancel()}
          onCancel={() => setConfirmCancel(false)}
        />
      )}
    </div>
  );
}
