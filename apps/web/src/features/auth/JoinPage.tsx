import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormState, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { ErrorLine, Field, OkLine, useZodForm } from '../../shared/ui/form';
import { FindPwPage } from './FindPwPage';
import { joinForm, type JoinForm } from './forms';
import { ExistingCompanyDialog, JoinFlowView, LicenseField, StepBox } from './components/JoinSteps';
import { focusField, useJoinFlow } from './useJoinFlow';
import { licenseCheckQuery } from './api';
import './auth.css';

/**
 * /join and /mobileJoin. On /mobileJoin the find-password flow lives in a second tab, since the
 * route table sends phones asking for /memberPwInq here (docs/requirements.md#account-screens).
 */
export function JoinPage({ mobile = false }: { mobile?: boolean }) {
  const [params] = useSearchParams();
  if (!mobile) return <JoinForm mobile={false} />;
  const findPw = params.get('tab') === 'findPw';
  const tab = (to: string, on: boolean, label: string) => (
    <Link to={to} aria-current={on ? 'page' : undefined} className={on ? 'active' : undefined} replace>
      {label}
    </Link>
  );
  return (
    <div className="m-join">
      <nav className="m-tabs" aria-label={T.join.title}>
        {tab('/mobileJoin', !findPw, T.join.mobileTabs.join)}
        {tab('/mobileJoin?tab=findPw', findPw, T.join.mobileTabs.findPw)}
      </nav>
      {findPw ? <FindPwPage mobile /> : <JoinForm mobile />}
    </div>
  );
}

const EMPTY: JoinForm = {
  license: '',
  phone: '',
  authCode: '',
  companyName: '',
  companyArea: '',
  id: '',
  pw: '',
  cpw: '',
  policy: false,
  privacy: false,
};

function JoinForm({ mobile }: { mobile: boolean }) {
  const form = useZodForm(joinForm, EMPTY);
  const [license, policy, privacy] = useWatch({ control: form.control, name: ['license', 'policy', 'privacy'] });
  // Subscribed from the first render: the field's own error can come before the server's (after 다시
  // 입력 the field is already touched), and a first read later would see the errors of that time only.
  const licenseError = useFormState({ control: form.control, name: 'license' }).errors.license?.message;
  // The business number is looked up at exactly 10 digits; the checksum is the server's answer.
  const lookup = useQuery({ ...licenseCheckQuery(license), enabled: /^\d{10}$/.test(license) });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const licenseOk = lookup.data === 'new';
  const existsOpen = lookup.data === 'exists' && dismissed !== license;

  const flow = useJoinFlow(form, mobile, { policy, privacy }, licenseOk);

  const retry = () => {
    setDismissed(license);
    form.setValue('license', '');
    focusField('license');
  };

  const submit = (v: (typeof joinForm)['_output']) => flow.send({ ...v, policy: true, privacy: true });

  return (
    <section className={mobile ? 'm-page auth-page join-page' : 'page medium auth-page join-page'}>
      {/* On /mobileJoin the tab above already names the screen. */}
      <h1 className={mobile ? 'sr-only' : undefined}>{T.join.title}</h1>
      <JoinFlowView
        flow={flow}
        steps={T.join.steps}
        intro={T.join.intro}
        onSubmit={submit}
        phoneShown={licenseOk}
        first={
          <StepBox n={1} title={T.join.boxLicense}>
            <LicenseField
              placeholder="1234567890"
              hint={licenseOk ? undefined : T.join.licenseHint}
              onValue={() => setDismissed(null)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (license.length === 10) void lookup.refetch();
              }}
            >
              <button
                type="button"
                className="btn btn-side"
                disabled={license.length !== 10 || lookup.isFetching || licenseOk}
                title={license.length !== 10 ? T.join.licenseDisabledWhy : undefined}
                onClick={() => void lookup.refetch()}
              >
                {lookup.isFetching ? T.join.checking : licenseOk ? T.join.checked : T.join.checkLicense}
              </button>
            </LicenseField>
            {/* The server's refusal, unless the field already shows the same message under it. */}
            {lookup.isError && license.length === 10 && licenseError !== messageOf(lookup.error) && (
              <ErrorLine>{messageOf(lookup.error)}</ErrorLine>
            )}
            {licenseOk && <OkLine>{T.join.licenseOk}</OkLine>}
          </StepBox>
        }
        details={
          <>
            <Field name="companyName" label={T.join.companyName} autoComplete="organization" maxLength={50} />
            <Field name="companyArea" label={T.join.companyArea} maxLength={20} placeholder={T.join.companyAreaHint} />
          </>
        }
      />
      {!flow.done && (
        <nav className="auth-links">
          <span>{T.join.hasAccount}</span>
          <Link to={pathFor('login', mobile)}>{T.join.toLogin}</Link>
          <Link to="/JoinSub">{T.join.toJoinSub}</Link>
          <Link to={pathFor('findId', mobile)}>{T.findId.title}</Link>
          {/* On phones the find-password tab sits above. */}
          {!mobile && <Link to={pathFor('findPw', mobile)}>{T.findPw.title}</Link>}
        </nav>
      )}
      {existsOpen && <ExistingCompanyDialog license={license} mobile={mobile} onRetry={retry} />}
    </section>
  );
}
