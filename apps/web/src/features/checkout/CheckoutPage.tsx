import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  cutText,
  MSG_ORDER,
  PAGE_SIZE,
  SHIPPING,
  shippingFee,
  type ChangedPrices,
  type PayWith,
  type ShippingAddressView,
  type WarehouseDelivery,
} from '@partsmall/contract';
import { fieldOf, messageOf } from '../../shared/api';
import { digits } from '../../shared/format';
import { pathFor } from '../../shared/paths';
import { useCash, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { BackButton } from '../../shared/ui/BackButton';
import { FormScope, setServerError, useInvalidAlert, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { paymentStore, type PaymentDraft } from '../cart';
import { newRequestId } from '../../shared/request-id';
import { CreditPayChoice, CREDIT_TEXTS, useCreditOffer } from '../credit';
import { addressListQuery, useSaveAddress } from '../management';
import { AddressBookModal } from './AddressBook';
import { CheckoutSummary } from './components/CheckoutSummary';
import { ItemsBox } from './components/ItemsBox';
import { RecipientBox } from './components/RecipientBox';
import { SenderBox } from './components/SenderBox';
import { ShippingBox } from './components/ShippingBox';
import { CHECK_ORDER, checkoutForm, initialCheckout, methodDefaults, type CheckoutForm } from './form';
import { changedPricesOf, deliveryQuery, usePay, warehouseOptions, type MethodKey } from './api';
import './checkout.css';

const t = T.trade.checkout;
type CheckoutFormApi = ReturnType<typeof useZodForm<typeof checkoutForm>>;

/** /checkOut and /checkOutm: the payment items, recipient, sender, shipping, and paying from cash. */
export function CheckoutPage({ mobile = false }: { mobile?: boolean }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [draft, setDraft] = useState<PaymentDraft | null>(() => paymentStore.draft());
  const items = draft?.items ?? [];
  const first = items[0]?.productInfo;
  const delivery = useQuery({ ...deliveryQuery, enabled: first !== undefined });
  // The default delivery address fills the recipient (the list puts it first).
  const addresses = useQuery({
    ...addressListQuery({ page: 1, size: PAGE_SIZE.addressBook }),
    enabled: first !== undefined,
  });
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
    <CheckoutFormView
      mobile={mobile}
      draft={draft}
      warehouse={warehouse}
      basic={basic}
      deliveryError={delivery.error ? messageOf(delivery.error) : null}
      onPricesChanged={(prices) => setDraft(repriced(draft, prices))}
    />
  );
}

interface FormViewProps {
  mobile: boolean;
  draft: PaymentDraft;
  warehouse: WarehouseDelivery | null;
  basic: ShippingAddressView | null;
  deliveryError: string | null;
  /** A payment refused because prices changed: the checkout shows the current ones before the buyer pays again. */
  onPricesChanged: (prices: ChangedPrices['prices']) => void;
}

/** The draft with the current prices of a refused payment, kept for the tab as the draft is. */
function repriced(draft: PaymentDraft, prices: ChangedPrices['prices']): PaymentDraft {
  const now = new Map(prices.map((p) => [p.productId, p.price]));
  const items = draft.items.map((it) => {
    const price = now.get(it.productId);
    return price === undefined ? it : { ...it, productInfo: { ...it.productInfo, price } };
  });
  const next = { ...draft, items };
  paymentStore.setDraft(next);
  return next;
}

function CheckoutFormView({ mobile, draft, warehouse, basic, deliveryError, onPricesChanged }: FormViewProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const cash = useCash();
  const items = draft.items;
  const [included, toggleItem] = useIncluded(items.length);
  const [bookOpen, setBookOpen] = useState(false);
  const form = useZodForm(checkoutForm, initialCheckout(warehouse, basic));
  const [method, shippingValue, payType, directDeli] = useWatch({
    control: form.control,
    name: ['method', 'shippingValue', 'shippingPayType', 'directDeli'],
  });
  const pay = usePay();
  const companySender = useCompanySender();
  const { pickMethod, toggleDirect, pickAddress, storeAddress, saving } = useFormEdits(form, warehouse, () =>
    setBookOpen(false),
  );
  const invalid = useInvalidAlert(CHECK_ORDER);
  // One id per checkout attempt, reused when the user retries, so a payment is made at most once.
  const requestId = useRef<string>(newRequestId());

  const pickup = shippingValue === SHIPPING.types.pickup;
  const freight = shippingValue === SHIPPING.types.freight;
  const chosen = items.filter((_, i) => included.has(i));
  const goods = chosen.reduce((sum, it) => sum + it.productInfo.price * it.qty, 0);
  const fee = shippingFee(payType);
  const total = goods + fee;
  // 외상 beside cash for a company with credit (docs/requirements.md#credit); cash sends the original payload.
  const credit = useCreditOffer(total);
  const [payWith, setPayWith] = useState<PayWith>('cash');
  const onCredit = payWith === 'credit' && credit.shown;

  const send = ({ jobRef, ...info }: z.output<typeof checkoutForm>) => {
    // Each line's shown price goes along: a price changed since is refused, not charged.
    const carts = chosen.map((it) =>
      draft.source === 'cart' && it.seq !== undefined
        ? { seq: it.seq, qty: it.qty, price: it.productInfo.price }
        : { productId: it.productId, qty: it.qty, vin: it.vin, price: it.productInfo.price },
    );
    const shipping = {
      ...info,
      managerCompanyId: items[0]?.managerCompanyId,
      fromName: directDeli ? info.fromName : companySender.fromName,
      fromPhone: directDeli ? info.fromPhone : companySender.fromPhone,
      shipping: fee,
    };
    pay.mutate(
      {
        clientRequestId: requestId.current,
        shippingInfo: shipping,
        carts,
        ...(jobRef ? { jobRef } : {}),
        ...(onCredit ? { payWith: 'credit' as const } : {}),
      },
      {
        onSuccess: (paid) => {
          if (paid) navigate(`${pathFor('checkoutFinish', mobile)}?seq=${paid.orderSeq}`, { replace: true });
        },
        onError: (e) => {
          const prices = changedPricesOf(e);
          if (prices) onPricesChanged(prices);
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
    // On 외상 the server checks the limit and a hold, in the same transaction as the order.
    if (!onCredit && cash < total) return void notify.alert(MSG_ORDER.insufficientBalance);
    void form.handleSubmit(send, invalid)();
  };

  return (
    <section className={mobile ? 'checkout-page m-checkout' : 'page checkout-page'}>
      <CheckoutHead mobile={mobile} onCredit={onCredit} />
      <FormScope form={form}>
        <div className="co-layout">
          <div className="co-main">
            <ItemsBox draft={draft} included={included} onToggle={toggleItem} />
            <RecipientBox
              mobile={mobile}
              pickup={pickup}
              saving={saving}
              onOpenBook={() => setBookOpen(true)}
              onSave={storeAddress}
              onPick={pickAddress}
            />
            <ShippingBox
              warehouse={warehouse}
              deliveryError={deliveryError}
              method={method}
              freight={freight}
              onPickMethod={pickMethod}
            />
            <SenderBox directDeli={directDeli} companySender={companySender} onToggleDirect={toggleDirect} />
          </div>
          <CheckoutSummary
            goods={goods}
            fee={fee}
            cash={cash}
            paying={pay.isPending}
            onPay={payNow}
            onCredit={onCredit}
            payLabel={onCredit ? CREDIT_TEXTS.checkout.payCredit : undefined}
            agree={onCredit ? CREDIT_TEXTS.checkout.creditNote : undefined}
            method={<CreditPayChoice offer={credit} cash={cash} value={payWith} onChange={setPayWith} />}
          />
        </div>
      </FormScope>
      {bookOpen && <AddressBookModal onPick={pickAddress} onClose={() => setBookOpen(false)} />}
    </section>
  );
}

/** The sender when the buyer does not write one: their company (the contract allows at most 20 characters). */
function useCompanySender() {
  const { userInfo } = useSession();
  const company = userInfo?.companyInfo;
  return useMemo(
    () => ({
      fromName: cutText(userInfo?.companyName || company?.name || userInfo?.name || '', 20),
      fromPhone: digits(company?.phone || userInfo?.phone || '', 11),
    }),
    [userInfo, company],
  );
}

/** The form's edits besides typing: a shipping method picked, the sender toggled, an address picked or stored. */
function useFormEdits(form: CheckoutFormApi, warehouse: WarehouseDelivery | null, onPicked: () => void) {
  const notify = useNotify();
  const saveAddress = useSaveAddress();
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
    onPicked();
  };

  const storeAddress = () => {
    const { name, phone, postNum, address, addrSub } = form.getValues();
    if (!name.trim() || !phone.trim() || !postNum.trim()) return void notify.alert(MSG_ORDER.addressNeeds);
    saveAddress.mutate(
      { name: name.trim(), phone, postNum, address: address.trim(), addrSub: addrSub.trim(), basic: false },
      { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) },
    );
  };
  return { pickMethod, toggleDirect, pickAddress, storeAddress, saving: saveAddress.isPending };
}

/** The line under the title says how the order is paid: cash, or 외상 once it is chosen. */
function CheckoutHead({ mobile, onCredit }: { mobile: boolean; onCredit: boolean }) {
  return (
    <>
      <div className="cart-head">
        {mobile && <BackButton />}
        <h1>{t.title}</h1>
      </div>
      {!mobile && <p className="page-intro">{onCredit ? CREDIT_TEXTS.checkout.intro : t.intro}</p>}
    </>
  );
}

/** Which of the payment items are paid now: all at first, each toggled by its box. */
function useIncluded(n: number) {
  const [included, setIncluded] = useState<Set<number>>(() => new Set(Array.from({ length: n }, (_, i) => i)));
  const toggle = (i: number) =>
    setIncluded((s) => (s.has(i) ? new Set([...s].filter((x) => x !== i)) : new Set([...s, i])));
  return [included, toggle] as const;
}
