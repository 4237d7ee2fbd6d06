import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  authCodeField,
  businessNumberField,
  companyAreaField,
  companyNameField,
  mobilePhoneField,
  passwordField,
} from '@partsmall/contract';
import { z } from 'zod';
import { get } from '../../shared/api';
import { T } from '../../shared/texts';
import { TextField, firstError, useFieldRules } from '../../shared/ui/form';
import { FindPwPage } from './FindPwPage';
import {
  AccountFields,
  Consents,
  JoinDone,
  ExistingCompanyDialog,
  StepBox,
  StepIndicator,
  confirmFieldFor,
  focusField,
  focusFirstInvalid,
  joinIdField,
  useJoinSubmit,
  type ConsentState,
} from './JoinParts';
import { PhoneVerification, type PhoneAuthState } from './PhoneVerification';

type LicenseStatus = 'idle' | 'checking' | 'new' | 'exists';

/** Lookup happens at exactly 10 digits; the checksum is the server's answer (HTTP 400). */
const tenDigits = z.string().regex(/^\d{10}$/);

/**
 * /join and /mobileJoin. On /mobileJoin the find-password flow lives in a second tab, since the
 * route table sends phones asking for /memberPwInq here (spec 1 §2).
 */
export function JoinPage({ mobile = false }: { mobile?: boolean }) {
  const [params] = useSearchParams();
  if (!mobile) return <JoinForm mobile={false} />;
  const findPw = params.get('tab') === 'findPw';
  return (
    <div className="m-join">
      <nav className="m-tabs" aria-label={T.join.title}>
        <Link to="/mobileJoin" aria-current={findPw ? undefined : 'page'} className={findPw ? undefined : 'active'} replace>
          {T.join.mobileTabs.join}
        </Link>
        <Link to="/mobileJoin?tab=findPw" aria-current={findPw ? 'page' : undefined} className={findPw ? 'active' : undefined} replace>
          {T.join.mobileTabs.findPw}
        </Link>
      </nav>
      {findPw ? <FindPwPage mobile /> : <JoinForm mobile />}
    </div>
  );
}

function JoinForm({ mobile }: { mobile: boolean }) {
  const [license, setLicense] = useState('');
  const [licenseStatus, setLicenseStatus] = useState<LicenseStatus>('idle');
  const [existsOpen, setExistsOpen] = useState(false);
  const latestLicense = useRef('');

  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneState, setPhoneState] = useState<PhoneAuthState>(0);
  const [consents, setConsents] = useState<ConsentState>({ policy: false, privacy: false });

  const [companyName, setCompanyName] = useState('');
  const [companyArea, setCompanyArea] = useState('');
  const [id, setId] = useState('');
  const [pw, setPw] = useState('');
  const [cpw, setCpw] = useState('');

  const rules = useMemo(
    () => ({
      license: businessNumberField,
      phone: mobilePhoneField,
      authCode: authCodeField,
      companyName: companyNameField,
      companyArea: companyAreaField,
      id: joinIdField,
      pw: passwordField,
      cpw: confirmFieldFor(pw),
    }),
    [pw],
  );
  type Field = keyof typeof rules;
  const { errors, check, checkAll, setError } = useFieldRules(rules);

  // Phone auth (spec 1 §4): 0 start, 1 code requested, 2 verified, 3 verified with both consents.
  const authState = phoneState === 2 && consents.policy && consents.privacy ? 3 : phoneState;
  const licenseOk = licenseStatus === 'new';
  const current = !licenseOk ? 0 : phoneState < 2 ? 1 : authState < 3 ? 2 : 3;

  const onFieldError = useCallback(
    (field: string, message: string) => {
      if (field in rules) setError(field as Field, message);
      // A used or expired code has to be requested again.
      if (field === 'authCode') setPhoneState(1);
    },
    [rules, setError],
  );
  const { busy, done, send } = useJoinSubmit(mobile, onFieldError);

  const lookUp = async (value: string) => {
    if (firstError(tenDigits, value)) {
      check('license', value);
      return;
    }
    latestLicense.current = value;
    setLicenseStatus('checking');
    setError('license', undefined);
    const res = await get('api/checkLicense', { license: value });
    if (latestLicense.current !== value) return;
    if (res.status === 200 && res.code === 200) {
      setLicenseStatus('new');
    } else if (res.status === 200 && res.code === 400) {
      setLicenseStatus('exists');
      setExistsOpen(true);
    } else {
      setLicenseStatus('idle');
      setError('license', res.message);
    }
  };

  const retry = useCallback(() => {
    setExistsOpen(false);
    setLicense('');
    latestLicense.current = '';
    setLicenseStatus('idle');
    focusField('license');
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (authState !== 3) return;
    const values = { license, phone, authCode: code, companyName, companyArea, id, pw, cpw };
    if (checkAll(values)) {
      focusFirstInvalid();
      return;
    }
    await send({
      license,
      companyName: companyName.trim(),
      companyArea: companyArea.trim(),
      id: id.trim(),
      pw,
      cpw,
      phone,
      authCode: code,
      policy: true,
      privacy: true,
    });
  };

  const licenseWhy = license.length !== 10 ? T.join.licenseDisabledWhy : undefined;

  return (
    <section className={mobile ? 'm-page auth-page join-page' : 'page medium auth-page join-page'}>
      {/* On /mobileJoin the tab above already names the screen. */}
      <h1 className={mobile ? 'sr-only' : undefined}>{T.join.title}</h1>
      <StepIndicator steps={T.join.steps} current={done ? T.join.steps.length : current} />
      {done ? (
        <JoinDone mobile={mobile} />
      ) : (
        <>
          <p className="page-intro">{T.join.intro}</p>
          <StepBox n={1} title={T.join.boxLicense}>
            <TextField
              name="license"
              label={T.join.license}
              digits
              maxLength={12}
              autoComplete="off"
              placeholder="1234567890"
              value={license}
              hint={licenseOk ? undefined : T.join.licenseHint}
              onValue={(typed) => {
                const v = typed.slice(0, 10);
                setLicense(v);
                setError('license', undefined);
                if (v !== latestLicense.current) {
                  latestLicense.current = '';
                  setLicenseStatus('idle');
                }
                if (v.length === 10 && v !== license) void lookUp(v);
              }}
              onBlur={() => license !== '' && check('license', license)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void lookUp(license);
                }
              }}
              error={errors.license}
            >
              <button
                type="button"
                className="btn btn-side"
                disabled={license.length !== 10 || licenseStatus === 'checking' || licenseOk}
                title={licenseWhy}
                onClick={() => lookUp(license)}
              >
                {licenseStatus === 'checking' ? T.join.checking : licenseOk ? T.join.checked : T.join.checkLicense}
              </button>
            </TextField>
            {licenseOk && (
              <p className="ok-line" role="status">
                <span aria-hidden="true">✓</span> {T.join.licenseOk}
              </p>
            )}
          </StepBox>

          {licenseOk && (
            <>
              <StepBox n={2} title={T.join.boxPhone}>
                <PhoneVerification
                  purpose="join"
                  verify
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
                  state={phoneState}
                  onState={setPhoneState}
                  errors={{ phone: errors.phone, authCode: errors.authCode }}
                />
              </StepBox>
              <StepBox n={3} title={T.join.boxTerms}>
                <Consents value={consents} onChange={setConsents} mobile={mobile} />
                {phoneState < 2 && consents.policy && consents.privacy && (
                  <p className="field-hint">{T.join.needVerified}</p>
                )}
              </StepBox>
            </>
          )}

          {authState === 3 && (
            <form onSubmit={submit} noValidate className="form">
              <StepBox n={4} title={T.join.boxDetails}>
                <div className="form-grid">
                  <TextField
                    name="companyName"
                    label={T.join.companyName}
                    autoComplete="organization"
                    value={companyName}
                    maxLength={50}
                    onValue={(v) => {
                      setCompanyName(v);
                      setError('companyName', undefined);
                    }}
                    onBlur={() => check('companyName', companyName)}
                    error={errors.companyName}
                  />
                  <TextField
                    name="companyArea"
                    label={T.join.companyArea}
                    value={companyArea}
                    maxLength={20}
                    placeholder={T.join.companyAreaHint}
                    onValue={(v) => {
                      setCompanyArea(v);
                      setError('companyArea', undefined);
                    }}
                    onBlur={() => check('companyArea', companyArea)}
                    error={errors.companyArea}
                  />
                </div>
                <AccountFields
                  values={{ id, pw, cpw }}
                  errors={errors}
                  onValue={(field, v) => {
                    ({ id: setId, pw: setPw, cpw: setCpw })[field](v);
                    setError(field, undefined);
                  }}
                  onBlur={check}
                />
                <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
                  {busy ? T.join.submitting : T.join.submit}
                </button>
              </StepBox>
            </form>
          )}
        </>
      )}
      {!done && (
        <nav className="auth-links">
          <span>{T.join.hasAccount}</span>
          <Link to={mobile ? '/mobileLogin' : '/login'}>{T.join.toLogin}</Link>
          <Link to="/JoinSub">{T.join.toJoinSub}</Link>
          <Link to={mobile ? '/mobileMemberIdInq' : '/memberIdInq'}>{T.findId.title}</Link>
          {!mobile && <Link to="/memberPwInq">{T.findPw.title}</Link>}
        </nav>
      )}
      {existsOpen && <ExistingCompanyDialog license={license} mobile={mobile} onRetry={retry} />}
    </section>
  );
}
