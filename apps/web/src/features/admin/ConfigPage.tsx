import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useFormContext,
  useWatch,
  type ArrayPath,
  type FieldArray,
  type FieldArrayWithId,
} from 'react-hook-form';
import { PAY_TYPE_LABELS, SHIPPING, SHIPPING_TYPE_LABELS, configFields, type ConfigFields } from '@partsmall/contract';
import { CheckField, Field, Form, SelectField, TextAreaField, useZodForm } from '../../shared/ui/form';
import { Pending } from '../../shared/ui/states';
import { NumberField, SaveRow } from './fields';
import { adminQuery, useAdminSave } from './api';

const BOTTOM: [keyof ConfigFields['mallBottom'], string][] = [
  ['companyName', '상호'],
  ['ceo', '대표자'],
  ['license', '사업자등록번호'],
  ['mailOrderLicense', '통신판매업 신고번호'],
  ['privacyOfficer', '개인정보 보호책임자'],
  ['phone', '대표전화'],
  ['fax', '팩스'],
  ['mail', '메일'],
  ['hours', '상담 시간'],
  ['address', '주소'],
  ['copyright', '저작권 문구'],
];

/** The shop configuration (admin): saving bumps `ver`, and every open shop page reloads with it. */
export default function ConfigPage() {
  const q = useQuery({ ...adminQuery('adminGetConfig', {}), placeholderData: undefined });
  const data = q.data?.results;
  if (!data) return <Pending error={q.error} errorClassName="admin-error" />;
  const { ver, ...fields } = data;
  return <ConfigForm key={ver} ver={ver} initial={fields} />;
}

function ConfigForm({ ver, initial }: { ver: number; initial: ConfigFields }) {
  const form = useZodForm(configFields, initial);
  const { save, busy } = useAdminSave('adminSaveConfig');
  return (
    <section>
      <h1>쇼핑몰 설정</h1>
      <p className="field-hint">현재 버전 {ver} · 저장하면 버전이 올라가고 열려 있는 쇼핑몰 화면이 새로고침됩니다.</p>
      <Form form={form} alertInvalid aria-label="쇼핑몰 설정" onSubmit={save}>
        <div className="admin-panel">
          <h2>하단 정보 (mallBottom)</h2>
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
          <h2>구매 안내와 통계</h2>
          <div className="admin-form-grid">
            <TextAreaField name="buyPolicy" label="구매 안내 (buyPolicy)" className="span4" rows={4} />
            <NumberField name="totalAsset" label="총 자산(원) 표시값" />
            <NumberField name="totalQuantity" label="총 재고 수량 표시값" />
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
              삭제
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
      title="이용권 상품 (licenseValidBuy)"
      max={10}
      addLabel="이용권 추가"
      blank={() => ({ days: 30, price: 30000, content: '' })}
    >
      {(i, remove) => (
        <div className="admin-form-grid">
          <NumberField name={`licenseValidBuy.${i}.days`} label="일수" />
          <NumberField name={`licenseValidBuy.${i}.price`} label="가격(원)" />
          <Field name={`licenseValidBuy.${i}.content`} label="설명" maxLength={100} />
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
      title="창고 주소 (shippingAddress)"
      max={20}
      addLabel="창고 추가"
      blank={() => ({ name: '', address: '', phone: '' })}
    >
      {(i, remove) => (
        <div className="admin-form-grid">
          <Field name={`shippingAddress.${i}.name`} label="창고 이름" maxLength={50} />
          <Field name={`shippingAddress.${i}.address`} label="주소" maxLength={200} />
          <Field name={`shippingAddress.${i}.phone`} label="연락처" maxLength={20} />
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
const PAY_TYPES = Object.values(SHIPPING.payTypes).map((value) => ({ value, label: PAY_TYPE_LABELS[value]! }));

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
      title="창고별 배송 방법 (getDeliInfo)"
      hint="제공하지 않는 배송 방법과 결제 방식은 주문서에 나오지 않고, 결제할 때도 거절됩니다."
      max={20}
      addLabel="창고 배송 설정 추가"
      blank={(rows) => newDelivery(Math.max(0, ...rows.map((r) => Number(r.storageId) || 0)) + 1)}
    >
      {(i, remove) => (
        <fieldset className="admin-delivery" aria-label={`배송 설정 ${i + 1}`}>
          <div className="admin-form-grid">
            <NumberField name={`deliveryOptions.${i}.storageId`} label="창고 번호 (storageId)" />
            <Field name={`deliveryOptions.${i}.warehouseName`} label="창고 이름" className="span2" maxLength={50} />
            {remove}
          </div>
          <table className="admin-delivery-table">
            <thead>
              <tr>
                <th scope="col">배송 방법</th>
                <th scope="col">제공</th>
                <th scope="col">배송비 결제 방식</th>
                <th scope="col">기본 결제 방식</th>
                <th scope="col">퀵 직접 수령</th>
              </tr>
            </thead>
            <tbody>
              {METHODS.map(([key, label]) => (
                <MethodRow key={key} base={`deliveryOptions.${i}.${key}`} label={label} quick={key === 'quick'} />
              ))}
            </tbody>
          </table>
        </fieldset>
      )}
    </RowsPanel>
  );
}

function MethodRow({ base, label, quick }: { base: string; label: string; quick: boolean }) {
  const offered = useWatch({ name: `${base}.offered` }) as boolean;
  return (
    <tr className={offered ? undefined : 'muted'}>
      <th scope="row">{label}</th>
      <td>
        <CheckField name={`${base}.offered`} label={<span className="sr-only">{label} 제공</span>} />
      </td>
      <td>
        <PayTypeChecks name={`${base}.payTypes`} label={label} />
      </td>
      <td>
        <SelectField
          name={`${base}.defaultPayType`}
          label={`${label} 기본 결제 방식`}
          className="label-hidden"
          options={PAY_TYPES}
          parse={Number}
        />
      </td>
      <td>{quick ? <CheckField name={`${base}.selfQuick`} label="직접 수령 허용" /> : '-'}</td>
    </tr>
  );
}

/** The pay types of one method as checkboxes over a number array; the schema's message shows under them. */
function PayTypeChecks({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const chosen = (field.value as number[] | undefined) ?? [];
  return (
    <div className="admin-paytypes">
      {PAY_TYPES.map((p) => (
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
