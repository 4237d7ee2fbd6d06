import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  MSG_ORDER,
  SHIPPING,
  TRADE_EVENTS,
  digitsOnly,
  formatWon,
  hyphenatePhone,
  shippingFee,
  shippingInfo,
  type ShippingInfo,
} from '@partsmall/contract';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { firstError } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useCash } from '../cart/CartPage';
import { newRequestId, paymentStore, type FinishedPayment, type PaymentDraft } from '../cart/model';
import { tradeRequest } from '../cart/trade-request';
import { imageUrl } from '../products/api';
import { AddressBookModal, AddressSelect } from './AddressBook';
import { METHOD_KEYS, fetchDeliveryInfo, saveAddress, warehouseOptions, type MethodKey, type SavedAddress, type WarehouseDelivery } from './api';

const t = T.trade.checkout;

type FieldName = 'name' | 'phone' | 'postNum' | 'address' | 'addrSub' | 'arrive' | 'memo' | 'fromName' | 'fromPhone';
type Form = Record<FieldName, string>;

/** Field rules of spec 1 §5 with the contract's messages, for checks on blur. */
const FIELD_RULES: Record<FieldName, z.ZodType> = {
  name: shippingInfo.shape.name,
  phone: shippingInfo.shape.phone,
  postNum: z.string().trim().regex(/^\d{5,6}$/, MSG_ORDER.postNum),
  address: z.string().trim().min(2, MSG_ORDER.address).max(100, MSG_ORDER.address),
  addrSub: z.string().trim().min(2, MSG_ORDER.addrSub).max(100, MSG_ORDER.addrSub),
  arrive: z.string().trim().min(1, MSG_ORDER.freightBranchRequired).min(2, MSG_ORDER.arrive).max(50, MSG_ORDER.arrive),
  memo: shippingInfo.shape.memo,
  fromName: z.string().trim().min(1, MSG_ORDER.senderRequired).min(2, MSG_ORDER.senderName).max(20, MSG_ORDER.senderName),
  fromPhone: z.string().trim().min(1, MSG_ORDER.senderPhoneRequired).regex(/^\d{10,11}$/, MSG_ORDER.senderPhone),
};
/** The order of the checks before paying (spec 1 §5): freight branch, sender, then the rest of the form. */
const CHECK_ORDER: FieldName[] = ['arrive', 'fromName', 'fromPhone', 'name', 'phone', 'postNum', 'address', 'addrSub', 'memo'];

interface PaymentAnswer {
  code: number;
  message: string;
  field?: string;
  clientRequestId?: string;
  results?: FinishedPayment;
}

/** /checkOut and /checkOutm: the payment items, recipient, sender, shipping, and paying from cash. */
export function CheckoutPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { userInfo } = useSession();
  const cash = useCash();
  const [draft] = useState<PaymentDraft | null>(() => paymentStore.draft());
  const items = useMemo(() => draft?.items ?? [], [draft]);
  const [included, setIncluded] = useState<Set<number>>(() => new Set(items.map((_, i) => i)));
  const [delivery, setDelivery] = useState<WarehouseDelivery | null>(null);
  const [deliveryError, setDeliveryError] = useState<string | null>(null);
  const [method, setMethod] = useState<MethodKey>('gdDelivery');
  const [payType, setPayType] = useState<number>(SHIPPING.payTypes.prepaid);
  const [selfQuick, setSelfQuick] = useState(false);
  const [directDeli, setDirectDeli] = useState(false);
  const [form, setForm] = useState<Form>({
    name: '',
    phone: '',
    postNum: '',
    address: '',
    addrSub: '',
    arrive: '',
    memo: MSG_ORDER.defaultMemo,
    fromName: '',
    fromPhone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [bookOpen, setBookOpen] = useState(false);
  const [savingAddress, setSavingAddress] = useState(false);
  const [paying, setPaying] = useState(false);
  // One id per checkout attempt, reused when the user retries, so a payment is made at most once.
  const requestId = useRef<string>(newRequestId());

  const home = mobile ? '/mobile' : '/home';
  useEffect(() => {
    paymentStore.clearFinished();
    if (items.length === 0) {
      notify.toast(T.trade.noPaymentItems);
      navigate(home, { replace: true });
    }
  }, [items.length, navigate, notify, home]);

  const first = items[0]?.productInfo;
  useEffect(() => {
    if (!first) return;
    let live = true;
    void fetchDeliveryInfo().then((res) => {
      if (!live) return;
      if (typeof res === 'string') return setDeliveryError(res);
      const w = warehouseOptions(res, first.storageId, first.stockName);
      setDelivery(w);
      const key: MethodKey | undefined = w?.delivery_methods.gdDelivery ? 'gdDelivery' : METHOD_KEYS.find((k) => w?.delivery_methods[k]);
      if (w && key) {
        setMethod(key);
        setPayType(w.delivery_methods[key]!.receiverDeliveryPaymentOption.defaultValue);
        setSelfQuick(w.delivery_methods[key]!.receiverIsSelfQuick?.defaultValue ?? false);
      }
    });
    return () => {
      live = false;
    };
  }, [first]);

  if (!draft || items.length === 0) return null;

  const company = userInfo?.companyInfo;
  // Off: the buyer's company is the sender (the contract allows at most 20 characters).
  const companySender = {
    fromName: (userInfo?.companyName || company?.name || userInfo?.name || '').slice(0, 20),
    fromPhone: digitsOnly(company?.phone || userInfo?.phone || '').slice(0, 11),
  };
  const current = delivery?.delivery_methods[method];
  const shippingValue = current?.shippingValue ?? SHIPPING.types.courier;
  const pickup = shippingValue === SHIPPING.types.pickup;
  const freight = shippingValue === SHIPPING.types.freight;
  const chosen = items.filter((_, i) => included.has(i));
  const goods = chosen.reduce((sum, it) => sum + it.productInfo.price * it.qty, 0);
  const fee = shippingFee(payType);
  const total = goods + fee;
  const after = cash - total;

  const set = (name: FieldName, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const blur = (name: FieldName) => setErrors((e) => ({ ...e, [name]: firstError(FIELD_RULES[name], form[name]) ?? undefined }));
  const pickMethod = (key: MethodKey) => {
    const m = delivery?.delivery_methods[key];
    if (!m) return;
    setMethod(key);
    setPayType(m.receiverDeliveryPaymentOption.defaultValue);
    setSelfQuick(m.receiverIsSelfQuick?.defaultValue ?? false);
    setErrors((e) => ({ ...e, arrive: undefined, postNum: undefined, address: undefined, addrSub: undefined }));
  };
  const toggleDirect = (on: boolean) => {
    setDirectDeli(on);
    // The toggle swaps the sender between the buyer and blank fields (spec 1 §4).
    setForm((f) => ({ ...f, fromName: '', fromPhone: '' }));
    setErrors((e) => ({ ...e, fromName: undefined, fromPhone: undefined }));
  };
  const pickAddress = (a: SavedAddress) => {
    setForm((f) => ({ ...f, name: a.name, phone: digitsOnly(a.phone), postNum: a.postNum, address: a.address, addrSub: a.addrSub }));
    setErrors((e) => ({ ...e, name: undefined, phone: undefined, postNum: undefined, address: undefined, addrSub: undefined }));
    setBookOpen(false);
  };

  const storeAddress = async () => {
    if (!form.name.trim() || !form.phone.trim() || !form.postNum.trim()) return void notify.alert(MSG_ORDER.addressNeeds);
    setSavingAddress(true);
    const res = await saveAddress({ name: form.name.trim(), phone: form.phone, postNum: form.postNum, address: form.address.trim(), addrSub: form.addrSub.trim() });
    setSavingAddress(false);
    if (res.ok) notify.toast(res.message);
    else await notify.alert(res.message);
  };

  const shipping = (): ShippingInfo => ({
    managerCompanyId: items[0]?.managerCompanyId,
    name: form.name.trim(),
    phone: form.phone,
    postNum: form.postNum.trim(),
    address: form.address.trim(),
    addrSub: form.addrSub.trim(),
    arrive: freight ? form.arrive.trim() : '',
    shippingValue: shippingValue as ShippingInfo['shippingValue'],
    shippingPayType: payType as ShippingInfo['shippingPayType'],
    memo: form.memo,
    directDeli,
    fromName: directDeli ? form.fromName.trim() : companySender.fromName,
    fromPhone: directDeli ? form.fromPhone : companySender.fromPhone,
    receiverIsSelfQuick: shippingValue === SHIPPING.types.quick ? selfQuick : false,
    shipping: fee,
  });

  const pay = async () => {
    if (paying) return;
    if (chosen.length === 0) return void notify.alert(MSG_ORDER.selectProduct);
    if (cash < total) return void notify.alert(MSG_ORDER.insufficientBalance);
    const info = shipping();
    const parsed = shippingInfo.safeParse(info);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as FieldName;
        if (key in FIELD_RULES) next[key] ??= issue.message;
      }
      setErrors(next);
      const firstBad = CHECK_ORDER.find((k) => next[k]);
      await notify.alert(firstBad ? next[firstBad]! : parsed.error.issues[0]!.message);
      if (firstBad) document.getElementById(`f-${firstBad}`)?.focus();
      return;
    }
    const id = requestId.current;
    const carts = chosen.map((it) => (draft.source === 'cart' && it.seq !== undefined ? { seq: it.seq, qty: it.qty } : { productId: it.productId, qty: it.qty }));
    setPaying(true);
    const answer = await tradeRequest<FinishedPayment>(
      TRADE_EVENTS.requestPaymentProduct,
      TRADE_EVENTS.paymentFinish,
      { clientRequestId: id, shippingInfo: info, carts },
      {
        timeoutMs: 30_000,
        timeoutMessage: t.payTimeout,
        accept: (a) => {
          const rid = a.results?.clientRequestId ?? a.clientRequestId;
          return rid === undefined || rid === id;
        },
      },
    );
    setPaying(false);
    const result = (answer as PaymentAnswer).results;
    if (answer.code === 201 && result) {
      paymentStore.setFinished(result);
      paymentStore.clearDraft();
      navigate(`${mobile ? '/mobileCheckOutFinish' : '/checkOutFinish'}?seq=${result.orderSeq}`, { replace: true });
      return;
    }
    const field = answer.field?.replace(/^shippingInfo\./, '') as FieldName | undefined;
    if (field && field in FIELD_RULES) setErrors((e) => ({ ...e, [field]: answer.message }));
    await notify.alert(answer.message);
  };

  const field = (name: FieldName, label: string, opts: { digits?: boolean; max?: number; hint?: string; placeholder?: string; wide?: boolean } = {}) => (
    <div className={`field${errors[name] ? ' field-invalid' : ''}${opts.wide ? ' field-wide' : ''}`}>
      <label htmlFor={`f-${name}`}>{label}</label>
      <div className="field-row">
        <input
          id={`f-${name}`}
          name={name}
          value={form[name]}
          maxLength={opts.digits ? undefined : opts.max}
          inputMode={opts.digits ? 'numeric' : undefined}
          placeholder={opts.placeholder}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `f-${name}-error` : undefined}
          onChange={(e) => set(name, opts.digits ? digitsOnly(e.target.value).slice(0, opts.max) : e.target.value)}
          onBlur={() => blur(name)}
        />
      </div>
      {errors[name] ? (
        <p className="field-error" id={`f-${name}-error`} role="alert">
          {errors[name]}
        </p>
      ) : opts.hint ? (
        <p className="field-hint">{opts.hint}</p>
      ) : null}
    </div>
  );

  const itemsBox = (
    <section className="co-box" aria-label={t.items}>
      <h2>
        {t.items}
        <small className="muted">
          {' '}
          · {t.from[draft.source]} · {first?.stockName}
        </small>
      </h2>
      <ul className="co-items">
        {items.map((it, i) => (
          <li key={`${it.seq ?? 'p'}-${it.productId}`} className={included.has(i) ? '' : 'co-item-off'} data-testid="checkout-item">
            <input
              type="checkbox"
              checked={included.has(i)}
              aria-label={t.includeItem(it.productInfo.name)}
              onChange={() => setIncluded((s) => (s.has(i) ? new Set([...s].filter((x) => x !== i)) : new Set([...s, i])))}
            />
            <img src={imageUrl(it.productInfo.imgFiles[0])} alt="" width={48} height={48} />
            <div className="co-item-info">
              <p className="cart-name">{it.productInfo.name}</p>
              <p className="product-pid">{it.productInfo.pid}</p>
            </div>
            <span className="co-item-qty">
              {formatWon(it.productInfo.price)} × {it.qty.toLocaleString('ko-KR')}개
            </span>
            <b className="co-item-amount">{formatWon(it.productInfo.price * it.qty)}</b>
          </li>
        ))}
      </ul>
    </section>
  );

  const recipientBox = (
    <section className="co-box" aria-label={t.recipient}>
      <div className="co-box-head">
        <h2>{t.recipient}</h2>
        {!mobile && (
          <div className="co-box-tools">
            <button type="button" className="btn btn-small" onClick={() => setBookOpen(true)}>
              {t.addressBook}
            </button>
            <button type="button" className="btn btn-small" onClick={() => void storeAddress()} disabled={savingAddress}>
              {savingAddress ? t.savingAddress : t.saveAddress}
            </button>
          </div>
        )}
      </div>
      {mobile && <AddressSelect label={t.pickSaved} onPick={pickAddress} />}
      <div className="co-grid">
        {field('name', t.name, { max: 20 })}
        {field('phone', t.phone, { digits: true, max: 11, hint: t.phoneHint })}
        {!pickup && (
          <>
            {field('postNum', t.postNum, { digits: true, max: 6 })}
            {field('address', t.address, { max: 100, wide: true })}
            {field('addrSub', t.addrSub, { max: 100, wide: true })}
          </>
        )}
      </div>
      {pickup && <p className="field-hint">{t.pickupNote}</p>}
      {mobile && !pickup && (
        <button type="button" className="btn btn-block" onClick={() => void storeAddress()} disabled={savingAddress}>
          {savingAddress ? t.savingAddress : t.saveAddress}
        </button>
      )}
    </section>
  );

  const methods = METHOD_KEYS.filter((k) => delivery?.delivery_methods[k]);
  const shippingBox = (
    <section className="co-box" aria-label={t.shippingMethod}>
      <h2>{t.shippingMethod}</h2>
      {!delivery && !deliveryError && (
        <p className="muted">
          <span className="spinner" /> {t.loadingDelivery}
        </p>
      )}
      {deliveryError && <p className="field-error">{deliveryError}</p>}
      {delivery && (
        <>
          <fieldset className="choice-field">
            <legend className="sr-only">{t.shippingMethod}</legend>
            <div className="co-methods" role="radiogroup" aria-label={t.shippingMethod}>
              {methods.map((k) => {
                const m = delivery.delivery_methods[k]!;
                return (
                  <label key={k} className={k === method ? 'active' : ''}>
                    <input type="radio" name="shippingMethod" checked={k === method} onChange={() => pickMethod(k)} />
                    {T.trade.shipping[m.shippingValue] ?? m.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <div className="co-grid">
            <div className="field">
              <label htmlFor="f-payType">{t.payType}</label>
              <div className="field-row">
                <select id="f-payType" value={payType} onChange={(e) => setPayType(Number(e.target.value))}>
                  {current?.receiverDeliveryPaymentOption.selections.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t.payTypeOption(T.trade.payTypes[o.value] ?? o.label, formatWon(shippingFee(o.value)))}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {current?.receiverIsSelfQuick && (
              <div className="field">
                <label htmlFor="f-selfQuick">{t.selfQuick}</label>
                <div className="field-row">
                  <select id="f-selfQuick" value={String(selfQuick)} onChange={(e) => setSelfQuick(e.target.value === 'true')}>
                    {current.receiverIsSelfQuick.selections.map((o) => (
                      <option key={String(o.value)} value={String(o.value)}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
            )}
            {freight && field('arrive', t.arrive, { max: 50, hint: t.arriveHint })}
          </div>
        </>
      )}
      <div className={`field${errors.memo ? ' field-invalid' : ''}`}>
        <label htmlFor="f-memo">{t.memo}</label>
        <textarea
          id="f-memo"
          rows={2}
          maxLength={255}
          value={form.memo}
          onChange={(e) => set('memo', e.target.value)}
          onBlur={() => blur('memo')}
        />
        <p className="field-hint">{t.memoCount(form.memo.length)}</p>
      </div>
    </section>
  );

  const senderBox = (
    <section className="co-box" aria-label={t.sender}>
      <div className="co-box-head">
        <h2>{t.sender}</h2>
        <label className="check">
          <input type="checkbox" checked={directDeli} onChange={(e) => toggleDirect(e.target.checked)} />
          {t.directDeli}
        </label>
      </div>
      {directDeli ? (
        <div className="co-grid">
          {field('fromName', t.fromName, { max: 20 })}
          {field('fromPhone', t.fromPhone, { digits: true, max: 11, hint: t.phoneHint })}
        </div>
      ) : (
        <>
          <dl className="co-sender" data-testid="company-sender">
            <dt>{t.fromName}</dt>
            <dd>{companySender.fromName}</dd>
            <dt>{t.fromPhone}</dt>
            <dd>{hyphenatePhone(companySender.fromPhone)}</dd>
          </dl>
          <p className="field-hint">{t.directDeliHint}</p>
        </>
      )}
    </section>
  );

  const summary = (
    <aside className="co-summary" aria-label={t.summary}>
      <h2>{t.summary}</h2>
      <dl className="sum-list">
        <dt>{t.goods}</dt>
        <dd data-testid="goods-total">{formatWon(goods)}</dd>
        <dt>{t.fee}</dt>
        <dd data-testid="shipping-fee">{formatWon(fee)}</dd>
        <dt className="sum-total-label">{t.total}</dt>
        <dd className="sum-total" data-testid="pay-total">
          {formatWon(total)}
        </dd>
        <dt>{t.cash}</dt>
        <dd>{formatWon(cash)}</dd>
        <dt>{t.after}</dt>
        <dd className={after < 0 ? 'neg' : ''}>{formatWon(after)}</dd>
      </dl>
      {after < 0 && (
        <p className="short-warning" role="alert">
          {MSG_ORDER.shortBy(-after)}{' '}
          <Link to={mobile ? '/mobileManagement' : '/management/chargeCash'}>{t.chargeCash}</Link>
        </p>
      )}
      <p className="field-hint">{t.agree}</p>
      <button
        type="button"
        className="btn btn-primary btn-block btn-pay"
        onClick={() => void pay()}
        disabled={paying}
        aria-busy={paying}
        title={paying ? t.payingWhy : undefined}
      >
        {paying ? (
          <>
            <span className="spinner spinner-light" /> {t.paying}
          </>
        ) : (
          `${formatWon(total)} ${t.pay}`
        )}
      </button>
    </aside>
  );

  return (
    <section className={mobile ? 'checkout-page m-checkout' : 'page checkout-page'}>
      <div className="cart-head">
        {mobile && (
          <button type="button" className="link back-btn" onClick={() => navigate(-1)}>
            ← {T.trade.back}
          </button>
        )}
        <h1>{t.title}</h1>
      </div>
      {!mobile && <p className="page-intro">{t.intro}</p>}
      <div className="co-layout">
        <div className="co-main">
          {itemsBox}
          {recipientBox}
          {shippingBox}
          {senderBox}
        </div>
        {summary}
      </div>
      {bookOpen && <AddressBookModal onPick={pickAddress} onClose={() => setBookOpen(false)} />}
    </section>
  );
}
