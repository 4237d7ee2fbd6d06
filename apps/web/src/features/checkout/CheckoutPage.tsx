import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { MSG_ORDER, PAGE_SIZE, SHIPPING, shippingFee, shippingInfo, type ShippingAddressView, type ShippingInfo, type WarehouseDelivery } from '@partsmall/contract';
import { fieldOf, messageOf } from '../../shared/api';
import { digits, phone as formatPhone, won } from '../../shared/format';
import { managementPath, pathFor } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { CheckField, Field, FormScope, SelectField, TextAreaField, setServerError, useInvalidAlert, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { Loading, Spinner } from '../../shared/ui/states';
import { VatSplitRows } from '../../shared/ui/VatSplit';
import { BackButton, useCash } from '../cart/CartPage';
import { newRequestId, paymentStore, type PaymentDraft } from '../cart/model';
import { addressListQuery, useSaveAddress } from '../management/api';
import { imageUrl } from '../products/api';
import { AddressBookModal, AddressSelect } from './AddressBook';
import { LineInfo, MemoCount } from './parts';
import { METHOD_KEYS, defaultMethod, deliveryQuery, usePay, warehouseOptions, type MethodKey } from './api';

const t = T.trade.checkout;

/**
 * The checkout form: what the user types, plus the chosen shipping. Before the contract's
 * shippingInfo rules run, fields the chosen shipping does not use are emptied (a freight branch
 * only for freight, the sender only for direct delivery), so every checkout rule (docs/requirements.md#validation) applies to
 * exactly the fields on screen.
 */
const checkoutForm = z
  .object({
    name: z.string(),
    phone: z.string(),
    postNum: z.string(),
    address: z.string(),
    addrSub: z.string(),
    arrive: z.string(),
    memo: z.string(),
    fromName: z.string(),
    fromPhone: z.string(),
    method: z.enum(METHOD_KEYS),
    shippingValue: z.number(),
    shippingPayType: z.number(),
    receiverIsSelfQuick: z.boolean(),
    directDeli: z.boolean(),
  })
  .transform(({ method: _method, ...v }): ShippingInfo => ({
    ...v,
    // Kept as numbers in the form; the contract's rules below name a wrong one.
    shippingValue: v.shippingValue as ShippingInfo['shippingValue'],
    shippingPayType: v.shippingPayType as ShippingInfo['shippingPayType'],
    arrive: v.shippingValue === SHIPPING.types.freight ? v.arrive : '',
    receiverIsSelfQuick: v.shippingValue === SHIPPING.types.quick && v.receiverIsSelfQuick,
    fromName: v.directDeli ? v.fromName : '',
    fromPhone: v.directDeli ? v.fromPhone : '',
  }))
  .pipe(shippingInfo);
type CheckoutForm = z.input<typeof checkoutForm>;

/** The order of the checks before paying (docs/requirements.md#validation): freight branch, sender, then the rest of the form. */
const CHECK_ORDER = ['arrive', 'fromName', 'fromPhone', 'name', 'phone', 'postNum', 'address', 'addrSub', 'memo'] as const;

/** The shipping a method of the warehouse starts with: its type, default pay type and quick option. */
function methodDefaults(w: WarehouseDelivery | null, method: MethodKey) {
  const m = w?.delivery_methods[method];
  return {
    method,
    shippingValue: m?.shippingValue ?? SHIPPING.types.courier,
    shippingPayType: m?.receiverDeliveryPaymentOption.defaultValue ?? SHIPPING.payTypes.prepaid,
    receiverIsSelfQuick: (m && 'receiverIsSelfQuick' in m ? m.receiverIsSelfQuick.defaultValue : false) as boolean,
  };
}

/** /checkOut and /checkOutm: the payment items, recipient, sender, shipping, and paying from cash. */
export function CheckoutPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft] = useState<PaymentDraft | null>(() => paymentStore.draft());
  const items = draft?.items ?? [];
  const first = items[0]?.productInfo;
  const delivery = useQuery({ ...deliveryQuery, enabled: first !== undefined });
  // The default delivery address fills the recipient (the list puts it first).
  const addresses = useQuery({ ...addressListQuery({ page: 1, size: PAGE_SIZE.addressBook }), enabled: first !== undefined });
  const empty = items.length === 0;

  // Nothing to pay (a bookmark, a reload after paying): one message, then home (docs/requirements.md#cart-and-checkout).
  const told = useRef(false);
  useEffect(() => {
    paymentStore.clearFinished();
    if (!empty || told.current) return;
    told.current = true;
    notify.toast(T.trade.noPaymentItems);
    navigate(pathFor('home', mobile), { replace: true });
  }, [empty, notify, navigate, mobile]);

  if (!draft || !first) return null;
  if (delivery.isPending || addresses.isPending) return <Loading className="page center" />;
  const warehouse = delivery.data ? warehouseOptions(delivery.data, first.storageId, first.stockName) : null;
  const basic = addresses.data?.results.find((a) => a.basic === 'true') ?? null;
  return (
    <CheckoutForm
      mobile={mobile}
      draft={draft}
      warehouse={warehouse}
      basic={basic}
      deliveryError={delivery.error ? messageOf(delivery.error) : null}
    />
  );
}

function CheckoutForm({
  mobile,
  draft,
  warehouse,
  basic,
  deliveryError,
}: {
  mobile: boolean;
  draft: PaymentDraft;
  warehouse: WarehouseDelivery | null;
  basic: ShippingAddressView | null;
  deliveryError: string | null;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const { userInfo } = useSession();
  const cash = useCash();
  const items = draft.items;
  const [included, setIncluded] = useState<Set<number>>(() => new Set(items.map((_, i) => i)));
  const [bookOpen, setBookOpen] = useState(false);
  const start = methodDefaults(warehouse, defaultMethod(warehouse));
  const form = useZodForm(checkoutForm, {
    name: basic?.name ?? '',
    phone: basic ? digits(basic.phone) : '',
    postNum: basic?.postNum ?? '',
    address: basic?.address ?? '',
    addrSub: basic?.addrSub ?? '',
    arrive: '',
    memo: start.shippingValue === SHIPPING.types.pickup ? '' : MSG_ORDER.defaultMemo,
    fromName: '',
    fromPhone: '',
    directDeli: false,
    ...start,
  } satisfies CheckoutForm);
  const [method, shippingValue, payType, directDeli] = useWatch({ control: form.control, name: ['method', 'shippingValue', 'shippingPayType', 'directDeli'] });
  const pay = usePay();
  const saveAddress = useSaveAddress();
  const invalid = useInvalidAlert(CHECK_ORDER);
  // One id per checkout attempt, reused when the user retries, so a payment is made at most once.
  const requestId = useRef<string>(newRequestId());

  const company = userInfo?.companyInfo;
  // Off: the buyer's company is the sender (the contract allows at most 20 characters).
  const companySender = useMemo(
    () => ({
      fromName: (userInfo?.companyName || company?.name || userInfo?.name || '').slice(0, 20),
      fromPhone: digits(company?.phone || userInfo?.phone || '', 11),
    }),
    [userInfo, company],
  );
  const current = warehouse?.delivery_methods[method];
  const pickup = shippingValue === SHIPPING.types.pickup;
  const freight = shippingValue === SHIPPING.types.freight;
  const chosen = items.filter((_, i) => included.has(i));
  const goods = chosen.reduce((sum, it) => sum + it.productInfo.price * it.qty, 0);
  const fee = shippingFee(payType);
  const total = goods + fee;
  const after = cash - total;

  const pickMethod = (key: MethodKey) => {
    const next = methodDefaults(warehouse, key);
    // The standard memo is a note for the courier: a pickup starts without it, and gets it back when
    // the buyer returns to a delivery without having written a memo of their own.
    const memo = form.getValues('memo');
    if (next.shippingValue === SHIPPING.types.pickup && memo === MSG_ORDER.defaultMemo) form.setValue('memo', '');
    if (next.shippingValue !== SHIPPING.types.pickup && memo === '') form.setValue('memo', MSG_ORDER.defaultMemo);
    for (const [name, value] of Object.entries(next)) form.setValue(name as keyof CheckoutForm, value);
    form.clearErrors(['arrive', 'postNum', 'address', 'addrSub']);
  };
  const toggleDirect = () => {
    // The toggle swaps the sender between the buyer and blank fields (docs/requirements.md#cart-and-checkout).
    form.setValue('fromName', '');
    form.setValue('fromPhone', '');
    form.clearErrors(['fromName', 'fromPhone']);
  };
  const pickAddress = (a: ShippingAddressView) => {
    const picked = { name: a.name, phone: digits(a.phone), postNum: a.postNum, address: a.address, addrSub: a.addrSub };
    for (const [name, value] of Object.entries(picked)) form.setValue(name as keyof CheckoutForm, value);
    form.clearErrors(Object.keys(picked) as (keyof CheckoutForm)[]);
    setBookOpen(false);
  };

  const storeAddress = () => {
    const { name, phone, postNum, address, addrSub } = form.getValues();
    if (!name.trim() || !phone.trim() || !postNum.trim()) return void notify.alert(MSG_ORDER.addressNeeds);
    saveAddress.mutate(
      { name: name.trim(), phone, postNum, address: address.trim(), addrSub: addrSub.trim(), basic: false },
      { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) },
    );
  };

  const send = (info: z.output<typeof checkoutForm>) => {
    const carts = chosen.map((it) => (draft.source === 'cart' && it.seq !== undefined ? { seq: it.seq, qty: it.qty } : { productId: it.productId, qty: it.qty, vin: it.vin }));
    const shipping = {
      ...info,
      managerCompanyId: items[0]?.managerCompanyId,
      fromName: directDeli ? info.fromName : companySender.fromName,
      fromPhone: directDeli ? info.fromPhone : companySender.fromPhone,
      shipping: fee,
    };
    pay.mutate(
      { clientRequestId: requestId.current, shippingInfo: shipping, carts },
      {
        onSuccess: (answer) => {
          if (answer.results) navigate(`${pathFor('checkoutFinish', mobile)}?seq=${answer.results.orderSeq}`, { replace: true });
        },
        onError: (e) => {
          setServerError(form, fieldOf(e, CHECK_ORDER), messageOf(e));
          void notify.alert(messageOf(e));
        },
      },
    );
  };

  /** Paying needs a selected item and enough balance before the form's own rules (docs/requirements.md#validation). */
  const payNow = () => {
    if (pay.isPending) return;
    if (chosen.length === 0) return void notify.alert(MSG_ORDER.selectProduct);
    if (cash < total) return void notify.alert(MSG_ORDER.insufficientBalance);
    void form.handleSubmit(send, invalid)();
  };

  const itemsBox = (
    <section className="co-box" aria-label={t.items}>
      <h2>
        {t.items}
        <small className="muted">
          {' '}
          · {t.from[draft.source]} · {items[0]?.productInfo.stockName}
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
            <LineInfo name={it.productInfo.name} pid={it.productInfo.pid} price={it.productInfo.price} qty={it.qty} />
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
            <button type="button" className="btn btn-small" onClick={storeAddress} disabled={saveAddress.isPending}>
              {saveAddress.isPending ? t.savingAddress : t.saveAddress}
            </button>
          </div>
        )}
      </div>
      {mobile && <AddressSelect label={t.pickSaved} onPick={pickAddress} />}
      <div className="co-grid">
        <Field name="name" label={t.name} maxLength={20} />
        <Field name="phone" label={t.phone} digits={11} hint={t.phoneHint} />
        {!pickup && (
          <>
            <Field name="postNum" label={t.postNum} digits={6} />
            <Field name="address" label={t.address} maxLength={100} className="field-wide" />
            <Field name="addrSub" label={t.addrSub} maxLength={100} className="field-wide" />
          </>
        )}
      </div>
      {pickup && <p className="field-hint">{t.pickupNote}</p>}
      {mobile && !pickup && (
        <button type="button" className="btn btn-block" onClick={storeAddress} disabled={saveAddress.isPending}>
          {saveAddress.isPending ? t.savingAddress : t.saveAddress}
        </button>
      )}
    </section>
  );

  const methods = METHOD_KEYS.filter((k) => warehouse?.delivery_methods[k]);
  const quickOptions = current && 'receiverIsSelfQuick' in current ? current.receiverIsSelfQuick : null;
  const shippingBox = (
    <section className="co-box" aria-label={t.shippingMethod}>
      <h2>{t.shippingMethod}</h2>
      {deliveryError && <p className="field-error">{deliveryError}</p>}
      {warehouse && (
        <>
          <fieldset className="choice-field">
            <legend className="sr-only">{t.shippingMethod}</legend>
            <div className="co-methods" role="radiogroup" aria-label={t.shippingMethod}>
              {methods.map((k) => (
                <label key={k} className={k === method ? 'active' : ''}>
                  <input type="radio" name="shippingMethod" checked={k === method} onChange={() => pickMethod(k)} />
                  {T.trade.shipping[warehouse.delivery_methods[k]!.shippingValue] ?? warehouse.delivery_methods[k]!.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="co-grid">
            <SelectField
              name="shippingPayType"
              label={t.payType}
              parse={Number}
              options={(current?.receiverDeliveryPaymentOption.selections ?? []).map((o) => ({
                value: o.value,
                label: t.payTypeOption(T.trade.payTypes[o.value] ?? o.label, won(shippingFee(o.value))),
              }))}
            />
            {quickOptions && (
              <SelectField name="receiverIsSelfQuick" label={t.selfQuick} options={quickOptions.selections} parse={(v) => v === 'true'} />
            )}
            {freight && <Field name="arrive" label={t.arrive} maxLength={50} hint={t.arriveHint} />}
          </div>
        </>
      )}
      <TextAreaField name="memo" label={t.memo} rows={2} maxLength={255} hint={<MemoCount />} />
    </section>
  );

  const senderBox = (
    <section className="co-box" aria-label={t.sender}>
      <div className="co-box-head">
        <h2>{t.sender}</h2>
        <CheckField name="directDeli" label={t.directDeli} onValue={toggleDirect} />
      </div>
      {directDeli ? (
        <div className="co-grid">
          <Field name="fromName" label={t.fromName} maxLength={20} />
          <Field name="fromPhone" label={t.fromPhone} digits={11} hint={t.phoneHint} />
        </div>
      ) : (
        <>
          <dl className="co-sender" data-testid="company-sender">
            <dt>{t.fromName}</dt>
            <dd>{companySender.fromName}</dd>
            <dt>{t.fromPhone}</dt>
            <dd>{formatPhone(companySender.fromPhone)}</dd>
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
        <dd data-testid="goods-total">{won(goods)}</dd>
        <dt>{t.fee}</dt>
        <dd data-testid="shipping-fee">{won(fee)}</dd>
        <dt className="sum-total-label">{t.total}</dt>
        <dd className="sum-total" data-testid="pay-total">
          {won(total)}
        </dd>
        <VatSplitRows total={total} />
        <dt>{t.cash}</dt>
        <dd>{won(cash)}</dd>
        <dt>{t.after}</dt>
        <dd className={after < 0 ? 'neg' : ''}>{won(after)}</dd>
      </dl>
      {after < 0 && (
        <p className="short-warning" role="alert">
          {MSG_ORDER.shortBy(-after)} <Link to={managementPath('chargeCash', mobile)}>{t.chargeCash}</Link>
        </p>
      )}
      <p className="field-hint">{t.agree}</p>
      <button
        type="button"
        className="btn btn-primary btn-block btn-pay"
        onClick={payNow}
        disabled={pay.isPending}
        aria-busy={pay.isPending}
        title={pay.isPending ? t.payingWhy : undefined}
      >
        {pay.isPending ? (
          <>
            <Spinner light /> {t.paying}
          </>
        ) : (
          `${won(total)} ${t.pay}`
        )}
      </button>
    </aside>
  );

  return (
    <section className={mobile ? 'checkout-page m-checkout' : 'page checkout-page'}>
      <div className="cart-head">
        {mobile && <BackButton />}
        <h1>{t.title}</h1>
      </div>
      {!mobile && <p className="page-intro">{t.intro}</p>}
      <FormScope form={form}>
        <div className="co-layout">
          <div className="co-main">
            {itemsBox}
            {recipientBox}
            {shippingBox}
            {senderBox}
          </div>
          {summary}
        </div>
      </FormScope>
      {bookOpen && <AddressBookModal onPick={pickAddress} onClose={() => setBookOpen(false)} />}
    </section>
  );
}
