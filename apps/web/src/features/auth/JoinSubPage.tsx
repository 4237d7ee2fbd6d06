import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { MSG, isValidBusinessNumber } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { isPhoneBrowser } from '../../shared/device';
import { digits } from '../../shared/format';
import { T } from '../../shared/texts';
import { ErrorLine, Field, OkLine, PhoneField, useZodForm } from '../../shared/ui/form';
import { AuthLinks } from './AuthLinks';
import { joinSubForm, type JoinSubForm } from './forms';
import { JoinFlowView, LicenseField, StepBox } from './components/JoinSteps';
import { useJoinFlow } from './useJoinFlow';
import { licenseCheckQuery } from './api';
import './auth.css';

/**
 * /JoinSub?license=: an employee of a member company joins as a sub-account with the company's
 * business number and its current 6-digit security number (docs/requirements.md#sub-accounts).
 */
export function JoinSubPage() {
  const [params] = useSearchParams();
  const mobile = isPhoneBrowser();
  const form = useZodForm(joinSubForm, {
    license: digits(params.get('license') ?? '', 10),
    securityNum: '',
    phone: '',
    authCode: '',
    name: '',
    phoen: '',
    id: '',
    pw: '',
    cpw: '',
    policy: false,
    privacy: false,
  } satisfies JoinSubForm);
  const [license, securityNum, policy, privacy] = useWatch({
    control: form.control,
    name: ['license', 'securityNum', 'policy', 'privacy'],
  });
  // Convenience check: is this business number a member company? The server decides on join.
  const lookup = useQuery({ ...licenseCheckQuery(license), enabled: isValidBusinessNumber(license) });
  const licenseNote = lookup.isError ? messageOf(lookup.error) : lookup.data === 'new' ? MSG.licenseUnknown : null;

  const companyReady = isValidBusinessNumber(license) && /^\d{6}$/.test(securityNum);
  const flow = useJoinFlow(form, mobile, { policy, privacy }, companyReady);

  const submit = ({ name, phoen, ...v }: (typeof joinSubForm)['_output']) =>
    flow.send({ ...v, ...(name ? { name } : {}), ...(phoen ? { phoen } : {}), policy: true, privacy: true });

  return (
    // No phone route: on a phone the page takes the phone's sizes (auth.css, docs/requirements.md#look-and-language).
    <section className={`page medium auth-page join-page${mobile ? ' auth-on-phone' : ''}`}>
      <h1>{T.join.subTitle}</h1>
      <JoinFlowView
        flow={flow}
        steps={T.join.subSteps}
        intro={T.join.subIntro}
        onSubmit={submit}
        phoneShown
        first={
          <StepBox n={1} title={T.join.boxCompany}>
            <div className="form-grid">
              <LicenseField hint={lookup.data === 'exists' ? undefined : T.join.licenseHint} />
              <Field
                name="securityNum"
                label={T.join.securityNum}
                digits={6}
                maxLength={6}
                autoComplete="off"
                hint={T.join.securityNumHint}
              />
            </div>
            {licenseNote && <ErrorLine>{licenseNote}</ErrorLine>}
            {lookup.data === 'exists' && <OkLine>{T.join.licenseKnown}</OkLine>}
          </StepBox>
        }
        details={
          <>
            <Field
              name="name"
              label={`${T.join.name} ${T.join.optional}`}
              autoComplete="name"
              maxLength={20}
              hint={T.join.nameHint}
            />
            <PhoneField name="phoen" label={`${T.join.phoen} ${T.join.optional}`} type="tel" hint={T.join.phoenHint} />
          </>
        }
      />
      {!flow.done && (
        <AuthLinks
          mobile={mobile}
          lead={T.join.hasAccount}
          links={['login', 'join', 'findId']}
          labels={{ join: T.join.toJoin }}
        />
      )}
    </section>
  );
}
