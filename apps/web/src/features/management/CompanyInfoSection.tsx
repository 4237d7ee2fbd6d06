import { z } from 'zod';
import {
  COMPANY_LEVEL_NAMES,
  INVOICE_MODE_LABELS,
  INVOICE_MODES,
  MEMBER_TYPE_MAIN,
  updateCompanyInfoRequest,
  type CompanyInfo,
  type InvoiceMode,
} from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { businessNumber, phone } from '../../shared/format';
import { PW } from '../../shared/paperwork-texts';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Field, Form, PhoneField, SelectField, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { FormActions } from '../../shared/ui/FormActions';
import { SectionHead } from './components/SectionHead';
import { PostcodeFields } from './postcode';
import { useUpdateCompany } from './api';
import { useWatch } from 'react-hook-form';
import '../../shared/ui/paperwork.css';
import './management.css';

const M = T.management;
const C = M.company;
const P = PW.company;

/** The company form: the original alerts for the three required fields first (docs/requirements.md#validation), then the contract's rules. */
const companyForm = updateCompanyInfoRequest.extend({
  license: z.string().trim().min(1, C.licenseEmpty).pipe(updateCompanyInfoRequest.shape.license),
  name: z.string().trim().min(1, C.nameEmpty).pipe(updateCompanyInfoRequest.shape.name),
  ceo: z.string().trim().min(1, C.ceoEmpty).pipe(updateCompanyInfoRequest.shape.ceo),
});

/**
 * Company info: the main account edits the business number, name, ceo, phone, fax, mail, address
 * and what a 전자세금계산서 needs (업태, 종목, invoice mail, 발행 방식); a sub-account reads them
 * (docs/requirements.md#paperwork-screens).
 */
export function CompanyInfoSection() {
  const { userInfo } = useSession();
  const company = userInfo?.companyInfo;
  if (!company) return <p className="notice-warn">{M.companyOnly}</p>;
  const main = userInfo.type === MEMBER_TYPE_MAIN;
  return (
    <div>
      <SectionHead title={C.title} intro={main ? C.intro : P.readOnly}>
        <span className={`level-badge level-${company.level}`} title={C.level}>
          {COMPANY_LEVEL_NAMES[company.level]}
        </span>
      </SectionHead>
      {main ? <CompanyForm key={company.seq} company={company} /> : <CompanyFacts company={company} />}
    </div>
  );
}

/** What a sub-account sees: the company's details as text. */
function CompanyFacts({ company }: { company: CompanyInfo }) {
  const or = (v: string | null | undefined) => v || P.none;
  const facts: [string, string][] = [
    [C.license, company.license ? businessNumber(company.license) : P.none],
    [C.name, or(company.name)],
    [C.ceo, or(company.ceo)],
    [C.phone, company.phone ? phone(company.phone) : P.none],
    [C.mail, or(company.mail)],
    [
      C.addrMain,
      or([company.postMain && `(${company.postMain})`, company.addrMain, company.addrSub].filter(Boolean).join(' ')),
    ],
    [P.bizType, or(company.bizType)],
    [P.bizItem, or(company.bizItem)],
    [P.invoiceMail, or(company.invoiceMail)],
    [P.invoiceMode, INVOICE_MODE_LABELS[company.invoiceMode ?? 'order']],
  ];
  return (
    <dl className="spec-list mg-company-facts" data-testid="company-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 업태, 종목, the invoice mail and 발행 방식 (the contract's rules; left empty, an invoice cannot be issued). */
function InvoiceFields() {
  return (
    <fieldset className="mg-invoice-fields">
      <legend>{P.invoiceTitle}</legend>
      <p className="mg-intro">{P.invoiceIntro}</p>
      <div className="form-grid">
        <Field name="bizType" id="mg-co-biztype" label={P.bizType} maxLength={40} hint={P.bizTypeHint} />
        <Field name="bizItem" id="mg-co-bizitem" label={P.bizItem} maxLength={40} hint={P.bizItemHint} />
        <Field name="invoiceMail" id="mg-co-invoicemail" label={P.invoiceMail} type="email" maxLength={100} />
        <SelectField
          name="invoiceMode"
          id="mg-co-invoicemode"
          label={P.invoiceMode}
          options={INVOICE_MODES.map((m) => ({ value: m, label: INVOICE_MODE_LABELS[m] }))}
          hint={<InvoiceModeHint />}
        />
      </div>
    </fieldset>
  );
}

function InvoiceModeHint() {
  const mode = (useWatch({ name: 'invoiceMode' }) as InvoiceMode | undefined) ?? 'order';
  return <>{P.modeHints[mode]}</>;
}

/** The business number as written (123-45-67890) once it has 10 digits. */
function LicenseHint() {
  const license = (useWatch({ name: 'license' }) as string) ?? '';
  return <>{license.length === 10 ? businessNumber(license) : C.licenseHint}</>;
}

function CompanyForm({ company }: { company: CompanyInfo }) {
  const notify = useNotify();
  const update = useUpdateCompany();
  const form = useZodForm(companyForm, {
    license: company.license ?? '',
    name: company.name,
    ceo: company.ceo,
    phone: company.phone,
    fax: company.fax,
    mail: company.mail,
    postMain: company.postMain,
    addrMain: company.addrMain,
    addrSub: company.addrSub,
    bizType: company.bizType ?? '',
    bizItem: company.bizItem ?? '',
    invoiceMail: company.invoiceMail ?? '',
    invoiceMode: company.invoiceMode ?? 'order',
  });
  const submit = (v: z.output<typeof companyForm>) =>
    update.mutate(v, { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) });

  return (
    <Form form={form} className="form mg-form" alertInvalid onSubmit={submit}>
      <div className="form-grid">
        <Field name="license" id="mg-co-license" label={C.license} digits={10} maxLength={10} hint={<LicenseHint />} />
        <Field name="name" id="mg-co-name" label={C.name} maxLength={50} />
        <Field name="ceo" id="mg-co-ceo" label={C.ceo} maxLength={20} />
        <PhoneField name="phone" id="mg-co-phone" label={C.phone} hint={C.phoneHint} />
        <PhoneField name="fax" id="mg-co-fax" label={C.fax} hint={C.faxHint} />
        <Field name="mail" id="mg-co-mail" label={C.mail} type="email" maxLength={50} />
      </div>
      <PostcodeFields
        names={{ postNum: 'postMain', address: 'addrMain' }}
        ids={{ postNum: 'mg-co-post', address: 'mg-co-address' }}
        labels={{ postNum: C.postMain, address: C.addrMain }}
      />
      <Field name="addrSub" id="mg-co-addrsub" label={C.addrSub} maxLength={100} />
      <InvoiceFields />
      <FormActions busy={update.isPending} label={M.save} />
    </Form>
  );
}
