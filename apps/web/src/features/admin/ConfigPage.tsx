import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
  type ArrayPath,
  type FieldArray,
  type FieldArrayWithId,
} from 'react-hook-form';
import {
  DELIVERY_METHOD_PAY_TYPES,
  PAY_TYPE_LABELS,
  SHIPPING,
  SHIPPING_TYPE_LABELS,
  configFields,
  type ConfigFields,
  type DeliveryMethodKey,
} from '@partsmall/contract';
import { CheckField, Field, Form, SelectField, TextAreaField, useZodForm } from '../../shared/ui/form';
import { Pending } from '../../shared/ui/states';
import { TableHead } from '../../shared/ui/TableHead';
import { NumberField, SaveRow } from './fields';
import { adminQuery, useAdminSave } from './api';
import { A } from './texts';

const BOTTOM = Object.entries(A.config.bottomFields) as [keyof ConfigFields['mallBottom'], string][];

/** The shop configuration (admin): saving bumps `ver`, and every open shop page reloads with it. */
export default function ConfigPage() {
  const q = useQuery({ ...adminQuery('adminGetConfig', {}), placeholderData: undefined });
  const data = q.data?.results;
  if (!data) return <Pending error={q.error} errorClassName="admin-error" />;
  const { ver, ...fields } = data;
  return <ConfigForm key={ver} ver={ver} initial={fields} />;
}

function ConfigForm({ ver: readAt, initial }: { ver: number; initial: ConfigFields }) {
  const form = useZodForm(configFields, initial);
  // The ver the form stands on: the one it was read at, then its own last save's (a second save
  // before the configuration is read again is not taken for another admin's).
  const [ver, setVer] = useState(readAt);
  // A refused save (another admin's newer one) is not read again: the form is keyed by `ver`, and a
  // new ver would replace what was typed (docs/requirements.md#entities).
  const { save, busy } = useAdminSave('adminSaveConfig', (a) => setVer(a.results.ver), { rereadOnConflict: false });
  return (
    <section>
      <h1>{A.config.title}</h1>
      <p className="field-hint">{A.config.version(ver)}</p>
      {/* The ver read with the form: a save over another admin's newer one is refused, not silently undone. */}
      <Form form={form} alertInvalid aria-label={A.config.title} onSubmit={(fields) => save({ ...fields, ver })}>
        <div className="admin-panel">
          <h2>{A.config.bottom}</h2>
          <div className="admin-form-grid">
            {BOTTOM.map(([name, label]) => (
              <Field
                key={name}
                name={`mallBottom.${name}`}
                label={label}
                className={name === 'address' || name === 'copyright' ? 'span2' : undefined}
                maxLength={200}
              />
            ))}
          </div>
        </div>
        <div className="admin-panel">
          <h2>{A.config.policy}</h2>
          <div className="admin-form-grid">
            <TextAreaField name="buyPolicy" label={A.config.buyPolicy} className="span4" rows={4} />
            <NumberField name="totalAsset" label={A.config.totalAsset} />
            <NumberField name="totalQuantity" label={A.config.totalQuantity} />
          </div>
        </div>
        <Packages />
        <Warehouses />
        <DeliveryOptions />
        <SaveRow busy={busy} />
      </Form>
    </section>
  );
}

/** A panel of repeated rows of the configuration: each row with its delete button, and an add button up to `max`. */
function RowsPanel<N extends ArrayPath<ConfigFields>>({
  name,
  title,
  hint,
  max,
  addLabel,
  blank,
  children,
}: {
  name: N;
  title: string;
  hint?: string;
  max: number;
  addLabel: string;
  /** The values of a row added (it may read the rows there are). */
  blank: (rows: FieldArrayWithId<ConfigFields, N>[]) => FieldArray<ConfigFields, N>;
  children: (i: number, remove: ReactNode) => ReactNode;
}) {
  const { control } = useFormContext<ConfigFields>();
  const rows = useFieldArray({ control, name });
  return (
    <div className="admin-panel">
      <h2>{title}</h2>
      {hint && <p className="field-hint">{hint}</p>}
      {rows.fields.map((f, i) => (
        <Fragment key={f.id}>
          {children(
            i,
            <button type="button" className="btn btn-small" onClick={() => rows.remove(i)}>
              {A.config.remove}
            </button>,
          )}
        </Fragment>
      ))}
      <button
        type="button"
        className="btn btn-small"
        disabled={rows.fields.length >= max}
        onClick={() => rows.append(blank(rows.fields))}
      >
        {addLabel}
      </button>
    </div>
  );
}

function Packages() {
  return (
    <RowsPanel
      name="licenseValidBuy"
      title={A.config.packages}
      max={10}
      addLabel={A.config.addPackage}
      blank={() => ({ days: 30, price: 30000, content: '' })}
    >
      {(i, remove) => (
        <div className="admin-form-grid">
          <NumberField name={`licenseValidBuy.${i}.days`} label={A.config.days} />
          <NumberField name={`licenseValidBuy.${i}.price`} label={A.config.price} />
          <Field name={`licenseValidBuy.${i}.content`} label={A.config.content} maxLength={100} />
          {remove}
        </div>
      )}
    </RowsPanel>
  );
}

function Warehouses() {
  return (
    <RowsPanel
      name="shippingAddress"
      title={A.config.warehouses}
      max={20}
      addLabel={A.config.addWarehouse}
      blank={() => ({ name: '', address: '', phone: '' })}
    >
      {(i, remove) => (
        <div className="admin-form-grid">
          <Field name={`shippingAddress.${i}.name`} label={A.config.warehouseName} maxLength={50} />
          <Field name={`shippingAddress.${i}.address`} label={A.config.address} maxLength={200} />
          <Field name={`shippingAddress.${i}.phone`} label={A.config.phone} maxLength={20} />
          {remove}
        </div>
      )}
    </RowsPanel>
  );
}

// Labels from the contract's one table of shipping and pay-type names.
const METHODS = [
  ['gdFreight', SHIPPING_TYPE_LABELS[SHIPPING.types.freight]!],
  ['gdDelivery', SHIPPING_TYPE_LABELS[SHIPPING.types.courier]!],
  ['quick', SHIPPING_TYPE_LABELS[SHIPPING.types.quick]!],
  ['pickUp', SHIPPING_TYPE_LABELS[SHIPPING.types.pickup]!],
] as const;
/**
 * The pay types a method's row offers: those the method may take (docs/requirements.md#shipping:
 * 방문수령 as 방문수령, the others 선불 or 착불), and any other still chosen, stored before the rule, so
 * that staff see it and take it off (the save is refused under the row until then).
 */
const payTypesOf = (key: DeliveryMethodKey, chosen: readonly number[]) =>
  Object.values(SHIPPING.payTypes)
    .filter((value) => DELIVERY_METHOD_PAY_TYPES[key].includes(value) || chosen.includes(value))
    .map((value) => ({ value, label: PAY_TYPE_LABELS[value]! }));

/** A warehouse's delivery options as they start: every method offered with its usual pay types. */
const newDelivery = (storageId: number): FieldArray<ConfigFields, 'deliveryOptions'> => ({
  storageId,
  warehouseName: '',
  gdFreight: { offered: true, payTypes: [1, 0], defaultPayType: 1 },
  gdDelivery: { offered: true, payTypes: [0, 1], defaultPayType: 0 },
  quick: { offered: true, payTypes: [1], defaultPayType: 1, selfQuick: true },
  pickUp: { offered: true, payTypes: [2], defaultPayType: 2 },
});

/** Delivery options per warehouse (api/getDeliInfo): which methods, which pay types, the default; payment refuses the rest. */
function DeliveryOptions() {
  return (
    <RowsPanel
      name="deliveryOptions"
      title={A.config.delivery}
      hint={A.config.deliveryHint}
      max={20}
      addLabel={A.config.addDelivery}
      blank={(rows) => newDelivery(Math.max(0, ...rows.map((r) => Number(r.storageId) || 0)) + 1)}
    >
      {(i, remove) => (
        <fieldset className="admin-delivery" aria-label={A.config.deliveryOf(i + 1)}>
          <div className="admin-form-grid">
            <NumberField name={`deliveryOptions.${i}.storageId`} label={A.config.storageId} />
            <Field
              name={`deliveryOptions.${i}.warehouseName`}
              label={A.config.warehouseName}
              className="span2"
              maxLength={50}
            />
            {remove}
          </div>
          <table className="admin-delivery-table">
            <TableHead cells={Object.values(A.config.cols)} />
            <tbody>
              {METHODS.map(([key, label]) => (
                <MethodRow key={key} base={`deliveryOptions.${i}.${key}`} method={key} label={label} />
              ))}
            </tbody>
          </table>
        </fieldset>
      )}
    </RowsPanel>
  );
}

function MethodRow({ base, method, label }: { base: string; method: DeliveryMethodKey; label: string }) {
  const offered = useWatch({ name: `${base}.offered` }) as boolean;
  const defaultPayType = useWatch({ name: `${base}.defaultPayType` }) as number;
  return (
    <tr className={offered ? undefined : 'muted'}>
      <th scope="row">{label}</th>
      <td>
        {/* Its words are for screen readers: the label holds the box alone and is its 44 × 44 px target on a
            phone, as the kit's line boxes (docs/requirements.md#look-and-language). */}
        <CheckField
          name={`${base}.offered`}
          className="check box-target"
          label={<span className="sr-only">{A.config.offeredOf(label)}</span>}
        />
      </td>
      <td>
        <PayTypeChecks name={`${base}.payTypes`} method={method} label={label} />
      </td>
      <td>
        <SelectField
          name={`${base}.defaultPayType`}
          label={A.config.defaultPayTypeOf(label)}
          className="label-hidden"
          options={payTypesOf(method, [defaultPayType])}
          parse={Number}
        />
      </td>
      <td>{method === 'quick' ? <CheckField name={`${base}.selfQuick`} label={A.config.allowSelfQuick} /> : '-'}</td>
    </tr>
  );
}

/** The pay types of one method as checkboxes over a number array; the schema's message shows under them. */
function PayTypeChecks({ name, method, label }: { name: string; method: DeliveryMethodKey; label: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const chosen = (field.value as number[] | undefined) ?? [];
  return (
    <div className="admin-paytypes">
      {payTypesOf(method, chosen).map((p) => (
        <label key={p.value} className="check">
          <input
            type="checkbox"
            aria-label={`${label} ${p.label}`}
            checked={chosen.includes(p.value)}
            onBlur={field.onBlur}
            onChange={(e) =>
              field.onChange(e.target.checked ? [...chosen, p.value] : chosen.filter((v) => v !== p.value))
            }
          />
          {p.label}
        </label>
      ))}
      {fieldState.error?.message && <p className="field-error">{fieldState.error.message}</p>}
    </div>
  );
}
