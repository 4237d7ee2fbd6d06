import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { adminConfigAnswer, configFields, type ConfigFields } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { Field, Form, TextAreaField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { Loading } from '../../shared/ui/states';
import { NumberField } from './fields';
import { adminQuery, useAdminWrite } from './queries';
import { A } from './texts';

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
  const q = useQuery({ ...adminQuery('getConfig', adminConfigAnswer), placeholderData: undefined });
  const data = q.data?.results;
  if (!data) return q.error ? <p className="admin-error">{messageOf(q.error)}</p> : <Loading />;
  const { ver, ...fields } = data;
  return <ConfigForm key={ver} ver={ver} initial={fields} />;
}

function ConfigForm({ ver, initial }: { ver: number; initial: ConfigFields }) {
  const notify = useNotify();
  const form = useZodForm(configFields, initial);
  const save = useAdminWrite<typeof adminConfigAnswer, z.output<typeof configFields>>('saveConfig', adminConfigAnswer);
  return (
    <section>
      <h1>쇼핑몰 설정</h1>
      <p className="field-hint">현재 버전 {ver} · 저장하면 버전이 올라가고 열려 있는 쇼핑몰 화면이 새로고침됩니다.</p>
      <Form form={form} alertInvalid aria-label="쇼핑몰 설정" onSubmit={(v) => save.mutate(v, { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) })}>
        <div className="admin-panel">
          <h2>하단 정보 (mallBottom)</h2>
          <div className="admin-form-grid">
            {BOTTOM.map(([name, label]) => (
              <Field key={name} name={`mallBottom.${name}`} label={label} className={name === 'address' || name === 'copyright' ? 'span2' : undefined} maxLength={200} />
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
        <div className="admin-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? A.saving : A.save}
          </button>
        </div>
      </Form>
    </section>
  );
}

function Packages() {
  const { control } = useFormContext<ConfigFields>();
  const rows = useFieldArray({ control, name: 'licenseValidBuy' });
  return (
    <div className="admin-panel">
      <h2>이용권 상품 (licenseValidBuy)</h2>
      {rows.fields.map((f, i) => (
        <div key={f.id} className="admin-form-grid">
          <NumberField name={`licenseValidBuy.${i}.days`} label="일수" />
          <NumberField name={`licenseValidBuy.${i}.price`} label="가격(원)" />
          <Field name={`licenseValidBuy.${i}.content`} label="설명" maxLength={100} />
          <button type="button" className="btn btn-small" onClick={() => rows.remove(i)}>
            삭제
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-small" disabled={rows.fields.length >= 10} onClick={() => rows.append({ days: 30, price: 30000, content: '' })}>
        이용권 추가
      </button>
    </div>
  );
}

function Warehouses() {
  const { control } = useFormContext<ConfigFields>();
  const rows = useFieldArray({ control, name: 'shippingAddress' });
  return (
    <div className="admin-panel">
      <h2>창고 주소 (shippingAddress)</h2>
      {rows.fields.map((f, i) => (
        <div key={f.id} className="admin-form-grid">
          <Field name={`shippingAddress.${i}.name`} label="창고 이름" maxLength={50} />
          <Field name={`shippingAddress.${i}.address`} label="주소" maxLength={200} />
          <Field name={`shippingAddress.${i}.phone`} label="연락처" maxLength={20} />
          <button type="button" className="btn btn-small" onClick={() => rows.remove(i)}>
            삭제
          </button>
        </div>
      ))}
      <button type="button" className="btn btn-small" disabled={rows.fields.length >= 20} onClick={() => rows.append({ name: '', address: '', phone: '' })}>
        창고 추가
      </button>
    </div>
  );
}
