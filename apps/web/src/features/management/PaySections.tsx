import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CASH_CHARGE, PAYMENT_METHODS, PGCODES, type LicensePackage, type PgCode } from '@partsmall/contract';
import { isWonDigits, shownWon, typedWon, won } from '../../shared/format';
import { useMallConfig } from '../../shared/mall-config';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { reloadBaseInfo } from '../../shared/trade';
import { FieldShell, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { Loading, Spinner } from '../../shared/ui/states';
import { SectionHead } from './components/SectionHead';
import { usePaymentWindow } from '../../shared/ui/payment-window';
import { paymentStatusQuery, useStartPayment, type PaymentKind } from './api';
import './management.css';

const M = T.management;
const PAY = M.pay;
const C = M.cash;
const L = M.license;

/** Payment-method tabs: credit card and bank transfer (the form's pgcode). */
function PayMethodTabs() {
  const { field } = useController({ name: 'pgcode' });
  return (
    <div className="mg-tabs" role="tablist" aria-label={C.tabsLabel}>
      {PGCODES.map((code) => (
        <button
          key={code}
          type="button"
          role="tab"
          aria-selected={field.value === code}
          className={field.value === code ? 'active' : undefined}
          onClick={() => field.onChange(code)}
        >
          {PAYMENT_METHODS[code]}
        </button>
      ))}
    </div>
  );
}

/** Where a payment stands once its window closed, as the page says it; null: not known (PAY.closed). */
export type ClosedPayment = { pgcode: string; status: 'pending' | 'paid' | 'declined' } | null;

/** What the page says once the window closed: paid (charged), declined, a transfer awaiting its deposit, unfinished. */
export function closedText(kind: PaymentKind, p: ClosedPayment): string {
  if (!p) return PAY.closed;
  if (p.status === 'paid') return PAY.paid[kind];
  if (p.status === 'declined') return PAY.declined;
  return p.pgcode === 'banktransfer' ? PAY.waiting : PAY.unfinished;
}

/**
 * Starts a payment and opens its 600x400 window; when the window closes, the balance and licence
 * days are read again and the payment's status, which the page then tells (docs/requirements.md#payments).
 */
function usePayment(kind: PaymentKind) {
  const notify = useNotify();
  const client = useQueryClient();
  const start = useStartPayment();
  // The payment of the open window: its status is read once the window closes.
  const started = useRef<string | null>(null);
  const onClosed = useCallback(() => {
    reloadBaseInfo();
    const paymentId = started.current;
    started.current = null;
    if (!paymentId) return notify.toast(PAY.closed);
    void client.fetchQuery(paymentStatusQuery(paymentId)).then(
      (p) => notify.toast(closedText(kind, p), p?.status === 'declined' ? 'error' : 'info'),
      () => notify.toast(PAY.closed),
    );
  }, [notify, client, kind]);
  const popup = usePaymentWindow(onClosed);
  const pay = (body: { pgcode: PgCode; amount: number; days?: number }) =>
    start.mutate(
      { kind, ...body },
      {
        onSuccess: ({ url, paymentId }) => {
          if (!url) void notify.alert(PAY.startFailed);
          else if (!popup.open(url)) void notify.alert(PAY.popupBlocked);
          else started.current = paymentId;
        },
        onError: () => void notify.alert(PAY.startFailed),
      },
    );
  return { pay, requesting: start.isPending, popup };
}

function PopupStatus({ open, focus }: { open: boolean; focus: () => void }) {
  if (!open) return null;
  return (
    <div className="mg-pay-open" role="status">
      <Spinner />
      <span>{PAY.popupOpen}</span>
      <button type="button" className="btn btn-small" onClick={focus}>
        {PAY.focusPopup}
      </button>
    </div>
  );
}

/** A cash amount as typed: digits without a leading zero, 1,000 to 10,000,000 won (docs/requirements.md#payments). */
export const chargeForm = z.object({
  pgcode: z.enum(PGCODES),
  amount: z
    .string()
    .min(1, C.empty)
    .regex(/^\d+$/, C.digitsOnly)
    .refine((v) => Number(v) >= CASH_CHARGE.min, C.min)
    .refine((v) => Number(v) <= CASH_CHARGE.max, C.max)
    .transform(Number),
});

/**
 * What the amount box keeps of a typed value: all its digits (no leading zero) when it is a number
 * with grouping commas; else the text as typed, refused with C.digitsOnly. Never another amount: too
 * much is refused with C.max ('100,000,000' was cut to 10,000,000) and '1500.5' was kept as 15005.
 */
export function typedAmount(value: string): string {
  const typed = typedWon(value);
  return isWonDigits(typed) ? typed.replace(/^0+/, '') : typed;
}

/** Whether a typed amount is refused already while it is typed: no number, or over the maximum. */
const refusedAtOnce = (typed: string): boolean =>
  typed !== '' && (!isWonDigits(typed) || Number(typed) > CASH_CHARGE.max);

/** Why the step buttons wait: the typed value's own refusal. */
const stepWhy = (typed: string) => (isWonDigits(typed) ? C.maxWhy : C.digitsOnly);

/** The amount a typed value stands for: 0 while it is empty or no number. */
export const amountOf = (typed: string): number => (isWonDigits(typed) ? Number(typed) : 0);

/** The amount after a step button: never below 1,000 nor above 10,000,000. */
export function steppedAmount(amount: number, delta: number): number {
  return Math.min(CASH_CHARGE.max, Math.max(CASH_CHARGE.min, amount + delta));
}

/** The amount with its separators and the step buttons. */
function AmountField() {
  const { field, fieldState } = useController({ name: 'amount' });
  const { trigger } = useFormContext();
  const typed = (field.value as string) ?? '';
  const amount = amountOf(typed);
  // No number to step from ('1500.5', '5만'), or one over the maximum: a step would start from nothing
  // or land on an amount never typed (−1,000 made 100,000,000 read 10,000,000), so both wait for one.
  const unreadable = refusedAtOnce(typed);
  const step = (delta: number) => {
    field.onChange(String(steppedAmount(amount, delta)));
    if (fieldState.error) void trigger('amount');
  };
  return (
    <>
      <FieldShell id="mg-cash-amount" label={C.amount} hint={C.amountHint} error={fieldState.error?.message}>
        <input
          id="mg-cash-amount"
          className="mg-amount"
          inputMode="numeric"
          autoComplete="off"
          ref={field.ref}
          value={shownWon(typed)}
          onBlur={field.onBlur}
          aria-invalid={fieldState.error ? true : undefined}
          aria-describedby={fieldState.error ? 'mg-cash-amount-error' : undefined}
          onChange={(e) => {
            const next = typedAmount(e.target.value);
            field.onChange(next);
            // A dot, a letter or too much is told at once (and the message goes once mended), not only on leaving.
            if (refusedAtOnce(next) || fieldState.error) void trigger('amount');
          }}
        />
        <span className="mg-amount-unit">{T.common.won}</span>
      </FieldShell>
      <div className="mg-steps" role="group" aria-label={C.stepsLabel}>
        {CASH_CHARGE.steps.map((s) => (
          <div key={s} className="mg-step">
            <button
              type="button"
              className="btn btn-small"
              disabled={unreadable || amount <= CASH_CHARGE.min}
              title={unreadable ? stepWhy(typed) : amount <= CASH_CHARGE.min ? C.minWhy : C.minus(s)}
              onClick={() => step(-s)}
            >
              −{C.step(s)}
              <span className="sr-only">{C.minusRest}</span>
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={unreadable || amount >= CASH_CHARGE.max}
              title={unreadable ? stepWhy(typed) : amount >= CASH_CHARGE.max ? C.maxWhy : C.plus(s)}
              onClick={() => step(s)}
            >
              +{C.step(s)}
              <span className="sr-only">{C.plusRest}</span>
            </button>
          </div>
        ))}
      </div>
    </>
  );
}

/** Cash charge (docs/requirements.md#payments): method tabs, amount with separators and step buttons, 1,000 to 10,000,000 won. */
export function ChargeCashSection() {
  const { baseInfo, userInfo } = useSession();
  const form = useZodForm(chargeForm, { pgcode: 'creditcard', amount: String(CASH_CHARGE.default) });
  const [pgcode, typed] = useWatch({ control: form.control, name: ['pgcode', 'amount'] });
  const { pay, requesting, popup } = usePayment('cash');
  const balance = baseInfo?.memberPoint ?? userInfo?.companyInfo?.point ?? 0;
  const amount = amountOf(typed);

  return (
    <div>
      <SectionHead title={C.title} intro={C.intro} />
      <div className="mg-pay-grid">
        <Form form={form} className="mg-box mg-pay-form" alertInvalid onSubmit={pay}>
          <PayMethodTabs />
          <AmountField />
          <button type="submit" className="btn btn-primary btn-block" disabled={requesting}>
            {requesting ? PAY.requesting : C.pay(won(amount))}
          </button>
          <PopupStatus open={popup.isOpen} focus={popup.focus} />
        </Form>
        <PaySide
          figures={[
            [C.balance, won(balance), 'charge-balance'],
            [PAY.method, PAYMENT_METHODS[pgcode]],
            [C.afterCharge, won(balance + amount)],
          ]}
          notes={C.notes}
        />
      </div>
    </div>
  );
}

/** The figures and notes beside a payment form. */
function PaySide({ figures, notes }: { figures: [string, string, string?][]; notes: readonly string[] }) {
  return (
    <aside className="mg-box mg-pay-side">
      <dl className="mg-pay-figures">
        {figures.map(([label, value, testId]) => (
          <div key={label} className="mg-pay-figure">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mg-notes">
        {notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </aside>
  );
}

/** The default option: the 30,000-won package when the configuration has it (docs/requirements.md#limits), else the first. */
export function defaultOption(options: LicensePackage[]): number {
  const i = options.findIndex((o) => o.price === 30_000);
  return i >= 0 ? i : 0;
}

const licenseForm = z.object({ pgcode: z.enum(PGCODES), option: z.number().nullable() });

/** The licence packages of the configuration as radio buttons (the form's option). */
function LicenseOptions({ options, index }: { options: LicensePackage[] | null; index: number }) {
  const { field } = useController({ name: 'option' });
  return (
    <fieldset className="mg-options">
      <legend>{L.options}</legend>
      {options === null ? (
        <Loading className="empty" text={T.common.loading} />
      ) : options.length === 0 ? (
        <p className="empty">{L.noOptions}</p>
      ) : (
        options.map((o, i) => (
          <label key={`${o.days}-${o.price}`} className={`mg-option${i === index ? ' active' : ''}`}>
            <input type="radio" name="license-option" checked={i === index} onChange={() => field.onChange(i)} />
            <span className="mg-option-name">{o.content}</span>
            <span className="mg-option-days">{L.days(o.days)}</span>
            <b className="mg-option-price">{won(o.price)}</b>
          </label>
        ))
      )}
    </fieldset>
  );
}

/** Licence purchase (docs/requirements.md#member-area): options from the shop configuration, current licence days. */
export function BuyLicenseSection() {
  const { baseInfo } = useSession();
  const options = useMallConfig()?.licenseValidBuy ?? null;
  const form = useZodForm(licenseForm, { pgcode: 'creditcard', option: null });
  const picked = useWatch({ control: form.control, name: 'option' });
  const { pay, requesting, popup } = usePayment('license');
  const index = picked ?? (options ? defaultOption(options) : 0);
  const option = options?.[index] ?? null;
  const submit = (v: { pgcode: PgCode }) =>
    option && pay({ pgcode: v.pgcode, amount: option.price, days: option.days });

  return (
    <div>
      <SectionHead title={L.title} intro={L.intro} />
      <div className="mg-pay-grid">
        <Form form={form} className="mg-box mg-pay-form" onSubmit={submit}>
          <PayMethodTabs />
          <LicenseOptions options={options} index={index} />
          <button type="submit" className="btn btn-primary btn-block" disabled={requesting || !option}>
            {requesting ? PAY.requesting : L.pay(won(option?.price ?? 0))}
          </button>
          <PopupStatus open={popup.isOpen} focus={popup.focus} />
        </Form>
        <PaySide
          figures={[
            // Licence days come with the first base info; until then no number is shown rather than a wrong 0.
            [L.current, baseInfo ? M.days(baseInfo.memberLicense) : T.common.notYet, 'license-current'],
            [L.price, won(option?.price ?? 0)],
          ]}
          notes={L.notes}
        />
      </div>
    </div>
  );
}
