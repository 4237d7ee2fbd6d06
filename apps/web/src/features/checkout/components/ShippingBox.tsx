import { JOB_REF_MAX, shippingFee, type WarehouseDelivery } from '@partsmall/contract';
import { won } from '../../../shared/format';
import { T } from '../../../shared/texts';
import { Field, SelectField, TextAreaField } from '../../../shared/ui/form';
import { MemoCount } from './MemoCount';
import { METHOD_KEYS, type MethodKey } from '../api';
import '../checkout.css';

const t = T.trade.checkout;

interface Props {
  /** The delivery options of the warehouse the goods leave from. */
  warehouse: WarehouseDelivery | null;
  deliveryError: string | null;
  method: MethodKey;
  freight: boolean;
  onPickMethod: (key: MethodKey) => void;
}

/** The warehouse's shipping methods, the fee's pay type, the quick option, the freight branch and the memo. */
export function ShippingBox({ warehouse, deliveryError, method, freight, onPickMethod }: Props) {
  const current = warehouse?.delivery_methods[method];
  const methods = METHOD_KEYS.filter((k) => warehouse?.delivery_methods[k]);
  const quickOptions = current && 'receiverIsSelfQuick' in current ? current.receiverIsSelfQuick : null;
  return (
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
                  <input type="radio" name="shippingMethod" checked={k === method} onChange={() => onPickMethod(k)} />
                  {T.trade.shipping[warehouse.delivery_methods[k]!.shippingValue] ??
                    warehouse.delivery_methods[k]!.label}
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
              <SelectField
                name="receiverIsSelfQuick"
                label={t.selfQuick}
                options={quickOptions.selections}
                parse={(v) => v === 'true'}
              />
            )}
            {freight && <Field name="arrive" label={t.arrive} maxLength={50} hint={t.arriveHint} />}
          </div>
        </>
      )}
      <TextAreaField name="memo" label={t.memo} rows={2} maxLength={255} hint={<MemoCount />} />
      <Field
        name="jobRef"
        label={t.jobRef}
        maxLength={JOB_REF_MAX}
        placeholder={t.jobRefPlaceholder}
        hint={t.jobRefHint}
        autoComplete="off"
      />
    </section>
  );
}
