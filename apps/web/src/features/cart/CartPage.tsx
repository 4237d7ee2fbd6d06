import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MSG_ORDER, warehouseLabel, type CartLine } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { money, won } from '../../shared/format';
import { managementPath, pathFor } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { VatSplitRows } from '../../shared/ui/VatSplit';
import { QuantityPicker } from '../products/QuantityPicker';
import { imageUrl } from '../products/api';
import { fromCartLine, paymentStore } from './model';
import { cartQuery, setCachedQuantity, useRemoveCartLine, useSaveQuantity } from './api';
import { FitsMyVehicles } from '../vehicles';

const t = T.trade.cart;
const QTY_SAVE_DELAY_MS = 400;

interface Group {
  storageId: number;
  stockName: string;
  lines: CartLine[];
}

export function groupByWarehouse(lines: CartLine[]): Group[] {
  const groups = new Map<number, Group>();
  for (const line of lines) {
    const id = line.productInfo.storageId;
    const g = groups.get(id) ?? { storageId: id, stockName: line.productInfo.stockName, lines: [] };
    g.lines.push(line);
    groups.set(id, g);
  }
  return [...groups.values()];
}

export const orderable = (l: CartLine) => l.productInfo.hasAmount > 0;

/**
 * The lines selected: on arrival the first warehouse's orderable lines; after that the user's
 * picks that are still in the cart and orderable.
 */
export function selectedLines(lines: CartLine[], picked: Set<number> | null): Set<number> {
  if (picked === null) return new Set(groupByWarehouse(lines.filter(orderable))[0]?.lines.map((l) => l.seq) ?? []);
  return new Set(lines.filter((l) => picked.has(l.seq) && orderable(l)).map((l) => l.seq));
}

/** The cash the member can spend: the pushed base info, else the login's company info. */
export function useCash(): number {
  const { baseInfo, userInfo } = useSession();
  return baseInfo?.memberPoint ?? userInfo?.companyInfo?.point ?? 0;
}

/**
 * Debounced quantity saves per cart line; flush() sends what is still waiting (before ordering).
 */
function useQuantitySaver(onFailed: () => void) {
  const save = useSaveQuantity();
  const saveRef = useRef(save.mutateAsync);
  saveRef.current = save.mutateAsync;
  const waiting = useRef(new Map<number, { qty: number; timer: ReturnType<typeof setTimeout> }>());
  const inFlight = useRef(new Set<Promise<unknown>>());
  const send = useCallback(
    (seq: number, qty: number) => {
      const p = saveRef
        .current({ seq, qty })
        .catch(onFailed)
        .finally(() => inFlight.current.delete(p));
      inFlight.current.add(p);
    },
    [onFailed],
  );
  const schedule = useCallback(
    (seq: number, qty: number) => {
      const previous = waiting.current.get(seq);
      if (previous) clearTimeout(previous.timer);
      const timer = setTimeout(() => {
        waiting.current.delete(seq);
        send(seq, qty);
      }, QTY_SAVE_DELAY_MS);
      waiting.current.set(seq, { qty, timer });
    },
    [send],
  );
  const flush = useCallback(async () => {
    for (const [seq, w] of waiting.current) {
      clearTimeout(w.timer);
      send(seq, w.qty);
    }
    waiting.current.clear();
    await Promise.all([...inFlight.current]);
  }, [send]);
  useEffect(() => {
    const map = waiting.current;
    return () => {
      // Leaving the page still stores the last typed quantities.
      for (const [seq, w] of map) {
        clearTimeout(w.timer);
        void saveRef.current({ seq, qty: w.qty }).catch(() => undefined);
      }
      map.clear();
    };
  }, []);
  return { schedule, flush };
}

/** /cart and /cartm: lines by warehouse, selection of one warehouse, quantities, removal, order. */
export function CartPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const cash = useCash();
  const cart = useQuery(cartQuery);
  const remove = useRemoveCartLine();
  const [picked, setPicked] = useState<Set<number> | null>(null);
  const [ordering, setOrdering] = useState(false);

  // Entering the cart removes a leftover finished payment (docs/requirements.md#cart-and-checkout).
  useEffect(() => paymentStore.clearFinished(), []);

  const onQtyFailed = useCallback(() => {
    void notify.alert(MSG_ORDER.qtyUpdateFailed);
    void cart.refetch();
  }, [notify, cart]);
  const saver = useQuantitySaver(onQtyFailed);

  const lines = cart.data?.results ?? null;
  const total = cart.data?.total ?? 0;
  const selected = useMemo(() => selectedLines(lines ?? [], picked), [lines, picked]);
  const groups = useMemo(() => groupByWarehouse(lines ?? []), [lines]);
  const chosen = (lines ?? []).filter((l) => selected.has(l.seq));
  const chosenWarehouse = chosen[0]?.productInfo.storageId ?? null;
  const goods = chosen.reduce((sum, l) => sum + l.productInfo.price * l.qty, 0);
  const short = goods - cash;

  const toggleLine = (line: CartLine) => {
    if (selected.has(line.seq)) return setPicked(new Set([...selected].filter((x) => x !== line.seq)));
    if (!orderable(line)) return void notify.alert(t.soldOutWhy);
    if (chosenWarehouse !== null && chosenWarehouse !== line.productInfo.storageId) return void notify.alert(MSG_ORDER.oneWarehouse);
    setPicked(new Set([...selected, line.seq]));
  };
  const toggleGroup = (group: Group) => {
    const pickable = group.lines.filter(orderable);
    const all = pickable.length > 0 && pickable.every((l) => selected.has(l.seq));
    if (all) return setPicked(new Set([...selected].filter((x) => !group.lines.some((l) => l.seq === x))));
    if (chosenWarehouse !== null && chosenWarehouse !== group.storageId) return void notify.alert(MSG_ORDER.oneWarehouse);
    setPicked(new Set([...selected, ...pickable.map((l) => l.seq)]));
  };

  const setQty = (line: CartLine, qty: number) => {
    if (qty === line.qty) return;
    setCachedQuantity(client, line.seq, qty);
    saver.schedule(line.seq, qty);
  };

  /** Removal asks first (docs/requirements.md#cart-and-checkout), then goes over the trade channel. */
  const askRemove = (line: CartLine) =>
    void notify
      .confirm(
        { title: t.removeTitle, text: t.removeConfirm(line.productInfo.name), confirmLabel: t.remove, busyLabel: t.removing },
        () => remove.mutateAsync(line.seq),
      )
      .then(
        (done) => {
          if (!done) return;
          notify.toast(MSG_ORDER.removedFromCart);
          setPicked(new Set([...selected].filter((x) => x !== line.seq)));
        },
        (e: unknown) => void notify.alert(messageOf(e)),
      );

  const order = async () => {
    if (chosen.length === 0) return void notify.alert(MSG_ORDER.selectProduct);
    setOrdering(true);
    await saver.flush();
    setOrdering(false);
    paymentStore.setDraft({ source: 'cart', items: chosen.map(fromCartLine) });
    navigate(pathFor('checkout', mobile));
  };

  const home = pathFor('home', mobile);
  const chargeLink = <Link to={managementPath('chargeCash', mobile)}>{t.chargeCash}</Link>;
  const header = (
    <div className="cart-head">
      {mobile && <BackButton />}
      <h1>{t.title}</h1>
      {lines && lines.length > 0 && <span className="cart-count">{t.count(total)}</span>}
    </div>
  );
  const frame = (body: ReactNode) => (
    <section className={mobile ? 'cart-page m-cart' : 'page cart-page'}>
      {header}
      {body}
    </section>
  );

  if (cart.isError && !lines) {
    return frame(
      <div className="cart-empty">
        <p>{messageOf(cart.error) || t.loadFailed}</p>
        <button type="button" className="btn" onClick={() => void cart.refetch()}>
          {t.retry}
        </button>
      </div>,
    );
  }
  if (!lines) return frame(<Loading className="cart-loading" />);
  if (lines.length === 0) {
    return frame(
      <div className="cart-empty">
        <p className="cart-empty-title">{t.empty}</p>
        <p className="muted">{t.emptyBody}</p>
        <Link className="btn btn-primary" to={home}>
          {t.goShopping}
        </Link>
      </div>,
    );
  }

  const summary = (
    <aside className="cart-summary" aria-label={t.summary}>
      <h2>{t.summary}</h2>
      <dl className="sum-list">
        <dt>{t.warehouse}</dt>
        <dd>{chosen[0] ? chosen[0].productInfo.stockName : t.noWarehouse}</dd>
        <dt>{t.selected}</dt>
        <dd data-testid="selected-count">{t.selectedCount(chosen.length)}</dd>
        <dt>{t.goodsTotal}</dt>
        <dd className="sum-strong" data-testid="cart-total">
          {won(goods)}
        </dd>
        <VatSplitRows total={goods} />
        <dt>{t.cash}</dt>
        <dd>{won(cash)}</dd>
      </dl>
      <p className="shipping-note">{t.shippingNote}</p>
      {short > 0 && (
        <p className="short-warning" role="alert">
          {MSG_ORDER.shortBy(short)} {chargeLink}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={() => void order()}
        disabled={ordering}
        title={chosen.length === 0 ? MSG_ORDER.selectProduct : undefined}
      >
        {chosen.length > 0 ? t.orderCount(chosen.length) : t.order}
      </button>
    </aside>
  );

  return frame(
    <>
      <p className="page-intro">{t.intro}</p>
      {total > lines.length && <p className="notice-warn">{t.partial(lines.length, total)}</p>}
      <div className="cart-layout">
        <div className="cart-groups">
          {groups.map((g) => {
            const pickable = g.lines.filter(orderable);
            const allChecked = pickable.length > 0 && pickable.every((l) => selected.has(l.seq));
            return (
              <section key={g.storageId} className={`cart-group${chosenWarehouse === g.storageId ? ' cart-group-active' : ''}`} aria-label={g.stockName}>
                <header className="cart-group-head">
                  <label className="check">
                    <input type="checkbox" checked={allChecked} onChange={() => toggleGroup(g)} aria-label={t.selectGroup(g.stockName)} />
                    <span className={`warehouse wh-${g.storageId}`}>{warehouseLabel(g.stockName)}</span>
                    <b>{g.stockName}</b>
                  </label>
                  <span className="muted">{t.groupLines(g.lines.length)}</span>
                </header>
                {mobile ? (
                  <ul className="m-cart-lines">
                    {g.lines.map((l) => (
                      <MobileCartLine key={l.seq} line={l} checked={selected.has(l.seq)} onToggle={toggleLine} onQty={setQty} onRemove={askRemove} />
                    ))}
                  </ul>
                ) : (
                  <table className="cart-table">
                    <colgroup>
                      <col className="c-check" />
                      <col />
                      <col className="c-price" />
                      <col className="c-qty" />
                      <col className="c-amount" />
                      <col className="c-remove" />
                    </colgroup>
                    <thead>
                      <tr>
                        <th scope="col">
                          <span className="sr-only">선택</span>
                        </th>
                        <th scope="col">{t.cols.product}</th>
                        <th scope="col">{t.cols.price}</th>
                        <th scope="col">{t.cols.qty}</th>
                        <th scope="col">{t.cols.amount}</th>
                        <th scope="col">{t.cols.remove}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {g.lines.map((l) => (
                        <CartRow key={l.seq} line={l} checked={selected.has(l.seq)} onToggle={toggleLine} onQty={setQty} onRemove={askRemove} />
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            );
          })}
        </div>
        {summary}
      </div>
    </>,
  );
}

/** The mobile screens' way back. */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" className="link back-btn" onClick={() => navigate(-1)}>
      ← {T.trade.back}
    </button>
  );
}

interface LineProps {
  line: CartLine;
  checked: boolean;
  onToggle: (l: CartLine) => void;
  onQty: (l: CartLine, qty: number) => void;
  onRemove: (l: CartLine) => void;
}

function LineQty({ line, onQty }: Pick<LineProps, 'line' | 'onQty'>) {
  const notify = useNotify();
  const p = line.productInfo;
  return (
    <QuantityPicker
      value={line.qty}
      stock={p.hasAmount}
      disabledWhy={p.hasAmount > 0 ? null : T.shop.qtyDisabledSoldOut}
      onChange={(n) => onQty(line, n)}
      onClamped={(n) => notify.toast(T.shop.qtyClamped(n))}
    />
  );
}

function StockNote({ line }: { line: CartLine }) {
  const p = line.productInfo;
  if (p.hasAmount <= 0) return <span className="stock out">{T.shop.soldOut}</span>;
  if (line.qty > p.hasAmount) return <span className="stock out">{t.overStock(p.hasAmount)}</span>;
  return <span className="stock in">{t.stockLeft(p.hasAmount)}</span>;
}

function CartRow({ line, checked, onToggle, onQty, onRemove }: LineProps) {
  const p = line.productInfo;
  return (
    <tr className={checked ? 'row-checked' : undefined} data-testid="cart-line">
      <td className="center">
        <input
          type="checkbox"
          checked={checked}
          onChange={() => onToggle(line)}
          aria-label={t.selectLine(p.name)}
          title={p.hasAmount > 0 ? undefined : t.soldOutWhy}
        />
      </td>
      <td>
        <div className="cart-product">
          <img src={imageUrl(p.imgFiles[0])} alt="" width={56} height={56} />
          <div>
            <p className="cart-name">{p.name}</p>
            <p className="product-pid">
              {p.pid}
              {p.factoryNum && ` · ${p.factoryNum}`}
            </p>
            <StockNote line={line} />
            <FitsMyVehicles fits={line.fitsMyVehicles} />
          </div>
        </div>
      </td>
      <td className="money">{money(p.price)}</td>
      <td className="center">
        <LineQty line={line} onQty={onQty} />
      </td>
      <td className="money strong" data-testid="line-amount">
        {money(p.price * line.qty)}
      </td>
      <td className="center">
        <button type="button" className="btn btn-small" onClick={() => onRemove(line)} aria-label={`${p.name} ${t.remove}`}>
          {t.remove}
        </button>
      </td>
    </tr>
  );
}

function MobileCartLine({ line, checked, onToggle, onQty, onRemove }: LineProps) {
  const p = line.productInfo;
  return (
    <li className={`m-cart-line${checked ? ' row-checked' : ''}`} data-testid="cart-line">
      <div className="m-cart-top">
        <input type="checkbox" checked={checked} onChange={() => onToggle(line)} aria-label={t.selectLine(p.name)} />
        <img src={imageUrl(p.imgFiles[0])} alt="" width={64} height={64} />
        <div className="m-cart-info">
          <p className="cart-name">{p.name}</p>
          <p className="product-pid">{p.pid}</p>
          <StockNote line={line} />
          <FitsMyVehicles fits={line.fitsMyVehicles} />
        </div>
        <button type="button" className="m-cart-remove" onClick={() => onRemove(line)} aria-label={`${p.name} ${t.remove}`}>
          ×
        </button>
      </div>
      <div className="m-cart-bottom">
        <LineQty line={line} onQty={onQty} />
        <span className="m-cart-amount">
          <small>
            {t.unitPrice} {won(p.price)}
          </small>
          <b data-testid="line-amount">{won(p.price * line.qty)}</b>
        </span>
      </div>
    </li>
  );
}
