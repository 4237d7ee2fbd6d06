import { useState, type FormEvent } from 'react';
import { COMPANY_LEVEL_NAMES, formatBusinessNumber, updateCompanyInfoRequest, type CompanyInfo, type UserInfo } from '@partsmall/contract';
import { post } from '../../shared/api';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { TextField } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { SectionHead, useSchemaForm, PHONE_INPUT_MAX, upTo } from './parts';
import { PostcodeFields } from './postcode';

const M = T.management;
const C = M.company;

/** Company info (spec 2 §2, main account): business number, name, ceo, phone, fax, mail and address. */
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

function CompanyForm({ company }: { company: CompanyInfo }) {
  const notify = useNotify();
  const [f, setF] = useState({
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
  const set = (key: keyof typeof f) => (value: string) => setF((v) => ({ ...v, [key]: value }));
  const { errors, checkField, validate, setErrors } = useSchemaForm(updateCompanyInfoRequest);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty =
      f.license.trim() === '' ? ['license', C.licenseEmpty] : f.name.trim() === '' ? ['name', C.nameEmpty] : f.ceo.trim() === '' ? ['ceo', C.ceoEmpty] : null;
    if (empty) {
      setErrors({ [empty[0]!]: empty[1]! });
      await notify.alert(empty[1]!);
      return;
    }
    const problem = validate(f);
    if (problem) {
      await notify.alert(problem);
      return;
    }
    setBusy(true);
    const res = await post<{ userInfo?: UserInfo }>('api/updateMyCompanyInfo', f).finally(() => setBusy(false));
    if (res.code === 201) {
      if (res.results?.userInfo) session.setUserInfo(res.results.userInfo);
      notify.toast(res.message);
    } else await notify.alert(res.message);
  };

  const blur = (key: string) => () => checkField(key, f);
  return (
    <form className="form mg-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <TextField
          name="license"
          id="mg-co-license"
          label={C.license}
          value={f.license}
          digits
          maxLength={10}
          hint={f.license.length === 10 ? formatBusinessNumber(f.license) : C.licenseHint}
          onValue={set('license')}
          onBlur={blur('license')}
          error={errors.license}
        />
        <TextField name="name" id="mg-co-name" label={C.name} value={f.name} maxLength={50} onValue={set('name')} onBlur={blur('name')} error={errors.name} />
        <TextField name="ceo" id="mg-co-ceo" label={C.ceo} value={f.ceo} maxLength={20} onValue={set('ceo')} onBlur={blur('ceo')} error={errors.ceo} />
        <TextField
          name="phone"
          id="mg-co-phone"
          label={C.phone}
          value={f.phone}
          digits
          maxLength={PHONE_INPUT_MAX}
          hint={C.phoneHint}
          onValue={upTo(11, set('phone'))}
          onBlur={blur('phone')}
          error={errors.phone}
        />
        <TextField
          name="fax"
          id="mg-co-fax"
          label={C.fax}
          value={f.fax}
          digits
          maxLength={PHONE_INPUT_MAX}
          hint={C.faxHint}
          onValue={upTo(11, set('fax'))}
          onBlur={blur('fax')}
          error={errors.fax}
        />
        <TextField name="mail" id="mg-co-mail" label={C.mail} type="email" value={f.mail} maxLength={50} onValue={set('mail')} onBlur={blur('mail')} error={errors.mail} />
      </div>
      <PostcodeFields
        ids={{ postNum: 'mg-co-post', address: 'mg-co-address' }}
        labels={{ postNum: C.postMain, address: C.addrMain }}
        postNum={f.postMain}
        address={f.addrMain}
        onChange={(postMain, addrMain) => setF((v) => ({ ...v, postMain, addrMain }))}
        errors={{ postNum: errors.postMain, address: errors.addrMain }}
      />
      <TextField name="addrSub" id="mg-co-addrsub" label={C.addrSub} value={f.addrSub} maxLength={100} onValue={set('addrSub')} onBlur={blur('addrSub')} error={errors.addrSub} />
      <div className="mg-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? M.saving : M.save}
        </button>
      </div>
    </form>
  );
}
