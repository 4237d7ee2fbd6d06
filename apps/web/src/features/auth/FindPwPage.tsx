import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { authCodeField, mobilePhoneField, passwordField } from '@partsmall/contract';
import { post } from '../../shared/api';
import { T } from '../../shared/texts';
import { TextField, useFieldRules } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { StepIndicator, confirmFieldFor, focusField, focusFirstInvalid } from './JoinParts';
import { PhoneVerification } from './PhoneVerification';

/**
 * /memberPwInq (phones: the second tab of /mobileJoin): step 0 phone, step 1 code plus the new
 * password and its confirmation (spec 1 §4).
 */
export function FindPwPage({ mobile = false }: { mobile?: boolean }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<0 | 1>(0);
  const [pw, setPw] = useState('');
  const [cpw, setCpw] = useState('');
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();
  const rules = useMemo(
    () => ({ phone: mobilePhoneField, authCode: authCodeField, pw: passwordField, cpw: confirmFieldFor(pw) }),
    [pw],
  );
  type Field = keyof typeof rules;
  const { errors, check, checkAll, setError } = useFieldRules(rules);

  const filled = code.length === 6 && pw !== '' && cpw !== '';
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (step !== 1 || busy) return;
    if (checkAll({ phone, authCode: code, pw, cpw })) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    let res: Awaited<ReturnType<typeof post>>;
    try {
      res = await post('api/findMemberPw', { phone, authCode: code, pw, cpw });
    } finally {
      setBusy(false);
    }
    if (res.code === 201) {
      notify.toast(res.message);
      navigate(mobile ? '/mobileLogin' : '/login');
      return;
    }
    const message = res.message || T.findPw.fallback;
    const field = res.field && res.field in rules ? (res.field as Field) : null;
    if (field) setError(field, message);
    await notify.alert(message);
    if (field) focusField(field);
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      {/* On phones this is the second tab of /mobileJoin, which already names the screen. */}
      <h1 className={mobile ? 'sr-only' : undefined}>{T.findPw.title}</h1>
      <StepIndicator steps={T.findPw.steps} current={step} />
      <form onSubmit={submit} noValidate className="form">
        <p className="page-intro">{T.findPw.intro}</p>
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
          onState={(s) => setStep(s === 0 ? 0 : 1)}
          errors={{ phone: errors.phone, authCode: errors.authCode }}
          onCodeEnter={() => focusField('pw')}
        />
        {step === 1 && (
          <>
            <TextField
              name="pw"
              label={T.findPw.newPw}
              type="password"
              autoComplete="new-password"
              value={pw}
              maxLength={20}
              hint={T.join.pwHint}
              onValue={(v) => {
                setPw(v);
                setError('pw', undefined);
              }}
              onBlur={() => pw !== '' && check('pw', pw)}
              error={errors.pw}
            />
            <TextField
              name="cpw"
              label={T.findPw.confirm}
              type="password"
              autoComplete="new-password"
              value={cpw}
              maxLength={20}
              onValue={(v) => {
                setCpw(v);
                setError('cpw', undefined);
              }}
              onBlur={() => cpw !== '' && check('cpw', cpw)}
              error={errors.cpw}
            />
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={!filled || busy}
              title={filled ? undefined : T.findPw.submitDisabledWhy}
            >
              {busy ? T.findPw.saving : T.findPw.submit}
            </button>
          </>
        )}
      </form>
      <nav className="auth-links">
        <Link to={mobile ? '/mobile' : '/home'}>{T.common.home}</Link>
        <Link to={mobile ? '/mobileLogin' : '/login'}>{T.findPw.toLogin}</Link>
        <Link to={mobile ? '/mobileMemberIdInq' : '/memberIdInq'}>{T.findPw.findId}</Link>
      </nav>
    </section>
  );
}
