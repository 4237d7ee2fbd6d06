import { useCallback, useState, type FormEvent } from 'react';
import { CASH_CHARGE, PGCODES, digitsOnly, formatWon, type LicensePackage, type PgCode } from '@partsmall/contract';
import { useMallConfig } from '../../shared/mall-config';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { startPayment } from './api';
import { SectionHead } from './parts';
import { reloadBaseInfo, usePaymentWindow } from './payment';

const M = T.management;
const PAY = M.pay;
const C = M.cash;
const L = M.license;

/** Payment-method tabs: credit card and bank transfer. */
function PayMethodTabs({ value, onChange }: { value: PgCode; onChange: (v: PgCode) => void }) {
  return (
    <div className="mg-tabs" role="tablist" aria-label={C.tabsLabel}>
      {PGCODES.map((code) => (
        <button
          key={code}
          type="button"
          role="tab"
          aria-selected={value === code}
          className={value === code ? 'active' : undefined}
          onClick={() => onChange(code)}
        >
          {PAY[code]}
        </button>
      ))}
    </div>
  );
}

/**
 * Starts a payment and opens its 600x400 window; when the window closes, the balance and licence
 * days are read again (spec 2 §4).
 */
function usePayment() {
  const notify = useNotify();
  const [requesting, setRequesting] = useState(false);
  const onClosed = useCallback(() => {
    reloadBaseInfo();
    notify.toast(PAY.closed);
  }, [notify]);
  const popup = usePaymentWindow(onClosed);
  const pay = async (kind: 'cash' | 'license', payload: { pgcode: PgCode; amount: number; days?: number }) => {
    setRequesting(true);
    const started = await startPayment(kind, payload).finally(() => setRequesting(false));
    if (!started.url) {
      await notify.alert(PAY.startFailed);
      return;
    }
    if (!popup.open(started.url)) await notify.alert(PAY.popupBlocked);
  };
  return { pay, requesting, popup };
}

function PopupStatus({ open, focus }: { open: boolean; focus: () => void }) {
  if (!open) return null;
  return (
    <div className="mg-pay-open" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{PAY.popupOpen}</span>
      <button type="button" className="btn btn-small" onClick={focus}>
        {PAY.focusPopup}
      </button>
    </div>
  );
}

const withCommas = (digits: string) => (digits === '' ? '' : Number(digits).toLocaleString('ko-KR'));

/** Cash charge (spec 2 §2, §5): method tabs, amount with separators and step buttons, 1,000 to 10,000,000 won. */
export function ChargeCashSection() {
  const { baseInfo, userInfo } = useSession();
  const notify = useNotify();
  const [pgcode, setPgcode] = useState<PgCode>('creditcard');
  const [digits, setDigits] = useState(String(CASH_CHARGE.default));
  const { pay, requesting, popup } = usePayment();
  const balance = baseInfo?.memberPoint ?? userInfo?.companyInfo?.point ?? 0;
  const amount = digits === '' ? 0 : Number(digits);

  const type = (value: string) => {
    // Digits only, no leading zero; at most 8 digits so that an amount over the maximum can be told.
    setDigits(digitsOnly(value).replace(/^0+/, '').slice(0, 8));
  };
  const step = (delta: number) => {
    const next = Math.min(CASH_CHARGE.max, Math.max(CASH_CHARGE.min, amount + delta));
    setDigits(String(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = digits === '' ? C.empty : amount < CASH_CHARGE.min ? C.min : amount > CASH_CHARGE.max ? C.max : null;
    if (problem) {
      await notify.alert(problem);
      return;
    }
    await pay('cash', { pgcode, amount });
  };

  return (
    <div>
      <SectionHead title={C.title} intro={C.intro} />
      <div className="mg-pay-grid">
        <form className="mg-box mg-pay-form" onSubmit={submit} noValidate>
          <PayMethodTabs value={pgcode} onChange={setPgcode} />
          <div className="field">
            <label htmlFor="mg-cash-amount">{C.amount}</label>
            <div className="field-row mg-amount-row">
              <input
                id="mg-cash-amount"
                className="mg-amount"
                inputMode="numeric"
                autoComplete="off"
                value={withCommas(digits)}
                onChange={(e) => type(e.target.value)}
                aria-describedby="mg-cash-amount-hint"
              />
              <span className="mg-amount-unit">{T.common.won}</span>
            </div>
            <p className="field-hint" id="mg-cash-amount-hint">
              {C.amountHint}
            </p>
          </div>
          <div className="mg-steps" role="group" aria-label={C.stepsLabel}>
            {CASH_CHARGE.steps.map((s) => (
              <div key={s} className="mg-step">
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={C.minus(s)}
                  disabled={amount <= CASH_CHARGE.min}
                  title={amount <= CASH_CHARGE.min ? C.minWhy : C.minus(s)}
                  onClick={() => step(-s)}
                >
                  −{C.step(s)}
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  aria-label={C.plus(s)}
                  disabled={amount >= CASH_CHARGE.max}
                  title={amount >= CASH_CHARGE.max ? C.maxWhy : C.plus(s)}
                  onClick={() => step(s)}
                >
                  +{C.step(s)}
                </button>
              </div>
            ))}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={requesting}>
            {requesting ? PAY.requesting : C.pay(formatWon(amount))}
          </button>
          <PopupStatus open={popup.isOpen} focus={popup.focus} />
        </form>
        <aside className="mg-box mg-pay-side">
          <dl className="mg-pay-figures">
            <dt>{C.balance}</dt>
            <dd data-testid="charge-balance">{formatWon(balance)}</dd>
            <dt>{PAY.method}</dt>
            <dd>{PAY[pgcode]}</dd>
            <dt>{C.afterCharge}</dt>
            <dd>{formatWon(balance + amount)}</dd>
          </dl>
          <ul className="mg-notes">
            {C.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}

/** The default option: the 30,000-won package when the configuration has it (spec 2 §9), else the first. */
function defaultOption(options: LicensePackage[]): number {
  const i = options.findIndex((o) => o.price === 30_000);
  return i >= 0 ? i : 0;
}

/** Licence purchase (spec 2 §2): options from the shop configuration, current licence days. */
export function BuyLicenseSection() {
  const { baseInfo } = useSession();
  const options = useMallConfig()?.licenseValidBuy ?? null;
  const [picked, setPicked] = useState<number | null>(null);
  const [pgcode, setPgcode] = useState<PgCode>('creditcard');
  const { pay, requesting, popup } = usePayment();
  const index = picked ?? (options ? defaultOption(options) : 0);
  const option = options?.[index] ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!option) return;
    await pay('license', { pgcode, amount: option.price, days: option.days });
  };

  return (
    <div>
      <SectionHead title={L.title} intro={L.intro} />
      <div className="mg-pay-grid">
        <form className="mg-box mg-pay-form" onSubmit={submit} noValidate>
          <PayMethodTabs value={pgcode} onChange={setPgcode} />
          <fieldset className="mg-options">
            <legend>{L.options}</legend>
            {options === null ? (
              <p className="empty">
                <span className="spinner" aria-hidden="true" /> {T.common.loading}
              </p>
            ) : options.length === 0 ? (
              <p className="empty">{L.noOptions}</p>
            ) : (
              options.map((o, i) => (
                <label key={`${o.days}-${o.price}`} className={`mg-option${i === index ? ' active' : ''}`}>
                  <input type="radio" name="license-option" checked={i === index} onChange={() => setPicked(i)} />
                  <span className="mg-option-name">{o.content}</span>
                  <span className="mg-option-days">{L.days(o.days)}</span>
                  <b className="mg-option-price">{formatWon(o.price)}</b>
                </label>
              ))
            )}
          </fieldset>
          <button type="submit" className="btn btn-primary btn-block" disabled={requesting || !option}>
            {requesting ? PAY.requesting : L.pay(formatWon(option?.price ?? 0))}
          </button>
          <PopupStatus open={popup.isOpen} focus={popup.focus} />
        </form>
        <aside className="mg-box mg-pay-side">
          <dl className="mg-pay-figures">
            <dt>{L.current}</dt>
            <dd data-testid="license-current">{M.days(baseInfo?.memberLicense ?? 0)}</dd>
            <dt>{L.price}</dt>
            <dd>{formatWon(option?.price ?? 0)}</dd>
          </dl>
          <ul className="mg-notes">
            {L.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </aside>
      </div>
    </div>
  );
}
