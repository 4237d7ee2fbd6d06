import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authCodeField, mobilePhoneField } from '@partsmall/contract';
import { get } from '../../shared/api';
import { T } from '../../shared/texts';
import { useFieldRules } from '../../shared/ui/form';
import { StepIndicator } from './JoinParts';
import { PhoneVerification } from './PhoneVerification';

const rules = { phone: mobilePhoneField, authCode: authCodeField };

/** /memberIdInq and /mobileMemberIdInq: 0 phone, 1 code requested, 2 id shown (spec 1 §4). */
export function FindIdPage({ mobile = false }: { mobile?: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<0 | 1 | 2>(0);
  const [foundId, setFoundId] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, check, setError } = useFieldRules(rules);

  const canSubmit = step === 1 && code.length === 6 && !busy;
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSubmit || !check('authCode', code)) return;
    setBusy(true);
    try {
      const res = await get<{ id: string }>('api/findMemberId', { phone, authCode: code });
      if (res.code === 200 && res.results) {
        setFoundId(res.results.id);
        setStep(2);
      } else {
        setError(res.field === 'phone' ? 'phone' : 'authCode', res.message || T.findId.fallback);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.findId.title}</h1>
      <StepIndicator steps={T.findId.steps} current={step} />
      {step === 2 ? (
        <div className="found-box" role="status">
          <p className="found-label">{T.findId.result}</p>
          <p className="found-id" data-testid="found-id">
            {foundId}
          </p>
          <div className="found-actions">
            <Link className="btn btn-primary" to={mobile ? '/mobileLogin' : '/login'}>
              {T.findId.toLogin}
            </Link>
            <Link className="btn" to={mobile ? '/mobileJoin?tab=findPw' : '/memberPwInq'}>
              {T.findId.toFindPw}
            </Link>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <p className="page-intro">{T.findId.intro}</p>
          <PhoneVerification
            purpose="find"
            phone={phone}
            onPhone={(v) => {
              setPhone(v);
              setError('phone', undefined);
            }}
            code={code}
            onCode={(v) => {
              setCode(v);
              setError('authCode', undefined);
            }}
            state={step}
            onState={(s) => setStep(s === 2 ? 1 : s)}
            errors={errors}
            onCodeEnter={() => void submit()}
          />
          {step === 1 && (
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={!canSubmit}
              title={canSubmit ? undefined : T.findId.submitDisabledWhy}
            >
              {busy ? T.findId.searching : T.findId.submit}
            </button>
          )}
        </form>
      )}
      <nav className="auth-links">
        <Link to={mobile ? '/mobile' : '/home'}>{T.common.home}</Link>
        <Link to={mobile ? '/mobileLogin' : '/login'}>{T.login.title}</Link>
        <Link to={mobile ? '/mobileJoin?tab=findPw' : '/memberPwInq'}>{T.findPw.title}</Link>
        <Link to={mobile ? '/mobileJoin' : '/join'}>{T.login.join}</Link>
      </nav>
    </section>
  );
}
