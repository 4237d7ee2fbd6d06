import { z } from 'zod';
import { COMPANY_LEVEL_NAMES, updateCompanyInfoRequest, type CompanyInfo } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { businessNumber } from '../../shared/format';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { FormActions, PHONE_INPUT_MAX, SectionHead } from './parts';
import { PostcodeFields } from './postcode';
import { useUpdateCompany } from './api';
import { useWatch } from 'react-hook-form';

const M = T.management;
const C = M.company;

/** The company form: the spec's alerts for the three required fields first (docs/requirements.md#validation), then the contract's rules. */
const companyForm = updateCompanyInfoRequest.extend({
  license: z.string().trim().min(1, C.licenseEmpty).pipe(updateCompanyInfoRequest.shape.license),
  name: z.string().trim().min(1, C.nameEmpty).pipe(updateCompanyInfoRequest.shape.name),
  ceo: z.string().trim().min(1, C.ceoEmpty).pipe(updateCompanyInfoRequest.shape.ceo),
});

/** Company info (main account): business number, name, ceo, phone, fax, mail and address. */
export function CompanyInfoSection() {
  const { userInfo } = useSession();
  const company = userInfo?.companyInfo;
  if (!company) return <p className="notice-warn">{M.companyOnly}</p>;
  return (
    <div>
      <SectionHead title={C.title} intro={C.intro}>
        <span className={`level-badge level-${company.level}`} title={C.level}>
          {COMPANY_LEVEL_NAMES[company.level]}
        </span>
      </SectionHead>
      <CompanyForm key={company.seq} company={company} />
    </div>
  );
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
  });
  const submit = (v: z.output<typeof companyForm>) =>
    update.mutate(v, { onSuccess: (a) => notify.toast(a.message), onError: (e) => void notify.alert(messageOf(e)) });

  return (
    <Form form={form} className="form mg-form" alertInvalid onSubmit={submit}>
      <div className="form-grid">
        <Field name="license" id="mg-co-license" label={C.license} digits={10} maxLength={10} hint={<LicenseHint />} />
        <Field name="name" id="mg-co-name" label={C.name} maxLength={50} />
        <Field name="ceo" id="mg-co-ceo" label={C.ceo} maxLength={20} />
        <Field
          name="phone"
          id="mg-co-phone"
          label={C.phone}
          digits={11}
          maxLength={PHONE_INPUT_MAX}
          hint={C.phoneHint}
        />
        <Field name="fax" id="mg-co-fax" label={C.fax} digits={11} maxLength={PHONE_INPUT_MAX} hint={C.faxHint} />
        <Field name="mail" id="mg-co-mail" label={C.mail} type="email" maxLength={50} />
      </div>
      <PostcodeFields
        names={{ postNum: 'postMain', address: 'addrMain' }}
        ids={{ postNum: 'mg-co-post', address: 'mg-co-address' }}
        labels={{ postNum: C.postMain, address: C.addrMain }}
      />
      <Field name="addrSub" id="mg-co-addrsub" label={C.addrSub} maxLength={100} />
      <FormActions busy={update.isPending} label={M.save} />
    </Form>
  );
}
