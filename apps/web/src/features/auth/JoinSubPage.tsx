import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MSG,
  authCodeField,
  businessNumberField,
  digitsOnly,
  mobilePhoneField,
  passwordField,
  securityNumField,
} from '@partsmall/contract';
import { z } from 'zod';
import { get } from '../../shared/api';
import { isPhoneBrowser } from '../../shared/device';
import { T } from '../../shared/texts';
import { TextField, firstError, useFieldRules } from '../../shared/ui/form';
import {
  AccountFields,
  Consents,
  JoinDone,
  StepBox,
  StepIndicator,
  confirmFieldFor,
  focusFirstInvalid,
  joinIdField,
  useJoinSubmit,
  type ConsentState,
} from './JoinParts';
import { PhoneVerification, type PhoneAuthState } from './PhoneVerification';

const nameField = z.string().trim().max(20, T.join.nameLength);
const contactField = z.string().trim().refine((v) => v === '' || /^\d{9,11}$/.test(v), MSG.contactDigits);

type LicenseLookup = 'idle' | 'known' | 'unknown';

/**
 * /JoinSub?license=: an employee of a member company joins as a sub-account with the company's
 * business number and its current 6-digit security number (spec 1 §2, §3).
 */
export function JoinSubPage() {
  const [params] = useSearchParams();
  const mobile = isPhoneBrowser();
  const [license, setLicense] = useState(() => digitsOnly(params.get('license') ?? '').slice(0, 10));
  const [lookup, setLookup] = useState<LicenseLookup>('idle');
  const latestLicense = useRef('');
  const [securityNum, setSecurityNum] = useState('');

  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneState, setPhoneState] = useState<PhoneAuthState>(0);
  const [consents, setConsents] = useState<ConsentState>({ policy: false, privacy: false });

  const [name, setName] = useState('');
  const [phoen, setPhoen] = useState('');
  const [id, setId] = useState('');
  const [pw, setPw] = useState('');
  const [cpw, setCpw] = useState('');

  const rules = useMemo(
    () => ({
      license: businessNumberField,
      securityNum: securityNumField,
      phone: mobilePhoneField,
      authCode: authCodeField,
      name: nameField,
      phoen: contactField,
      id: joinIdField,
      pw: passwordField,
      cpw: confirmFieldFor(pw),
    }),
    [pw],
  );
  type Field = keyof typeof rules;
  const { errors, check, checkAll, setError } = useFieldRules(rules);

  const authState = phoneState === 2 && consents.policy && consents.privacy ? 3 : phoneState;
  const companyReady = firstError(businessNumberField, license) === null && /^\d{6}$/.test(securityNum);
  const current = !companyReady ? 0 : phoneState < 2 ? 1 : authState < 3 ? 2 : 3;

  const onFieldError = useCallback(
    (field: string, message: string) => {
      if (field in rules) setError(field as Field, message);
      if (field === 'authCode') setPhoneState(1);
    },
    [rules, setError],
  );
  const { busy, done, send } = useJoinSubmit(mobile, onFieldError);

  /** Convenience check: is this business number a member company? The server decides on join. */
  const lookUp = useCallback(
    async (value: string) => {
      if (firstError(businessNumberField, value)) return;
      latestLicense.current = value;
      const res = await get('api/checkLicense', { license: value });
      if (latestLicense.current !== value) return;
      if (res.status === 200 && res.code === 400) {
        setLookup('known');
      } else if (res.status === 200 && res.code === 200) {
        setLookup('unknown');
        setError('license', MSG.licenseUnknown);
      } else {
        setLookup('idle');
        setError('license', res.message);
      }
    },
    [setError],
  );
  const initialLicense = useRef(license);
  useEffect(() => {
    void lookUp(initialLicense.current);
  }, [lookUp]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (authState !== 3) return;
    const values = { license, securityNum, phone, authCode: code, name, phoen, id, pw, cpw };
    if (checkAll(values)) {
      focusFirstInvalid();
      return;
    }
    await send({
      license,
      securityNum,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(phoen ? { phoen } : {}),
      id: id.trim(),
      pw,
      cpw,
      phone,
      authCode: code,
      policy: true,
      privacy: true,
    });
  };

  return (
    <section className="page medium auth-page join-page">
      <h1>{T.join.subTitle}</h1>
      <StepIndicator steps={T.join.subSteps} current={done ? T.join.subSteps.length : current} />
      {done ? (
        <JoinDone mobile={mobile} />
      ) : (
        <>
          <p className="page-intro">{T.join.subIntro}</p>
          <StepBox n={1} title={T.join.boxCompany}>
            <div className="form-grid">
              <TextField
                name="license"
                label={T.join.license}
                digits
                maxLength={12}
                autoComplete="off"
                value={license}
                hint={lookup === 'known' ? undefined : T.join.licenseHint}
                onValue={(typed) => {
                  const v = typed.slice(0, 10);
                  setLicense(v);
                  setError('license', undefined);
                  setLookup('idle');
                  latestLicense.current = '';
                  if (v.length === 10) void lookUp(v);
                }}
                onBlur={() => license !== '' && check('license', license)}
                error={errors.license}
              />
              <TextField
                name="securityNum"
                label={T.join.securityNum}
                digits
                maxLength={6}
                autoComplete="off"
                value={securityNum}
                hint={T.join.securityNumHint}
                onValue={(v) => {
                  setSecurityNum(v);
                  setError('securityNum', undefined);
                }}
                onBlur={() => securityNum !== '' && check('securityNum', securityNum)}
                error={errors.securityNum}
              />
            </div>
            {lookup === 'known' && !errors.license && (
              <p className="ok-line" role="status">
                <span aria-hidden="true">✓</span> {T.join.licenseKnown}
              </p>
            )}
          </StepBox>
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
            {phoneState < 2 && consents.policy && consents.privacy && <p className="field-hint">{T.join.needVerified}</p>}
          </StepBox>

          {authState === 3 && (
            <form onSubmit={submit} noValidate className="form">
              <StepBox n={4} title={T.join.boxDetails}>
                <div className="form-grid">
                  <TextField
                    name="name"
                    label={`${T.join.name} ${T.join.optional}`}
                    autoComplete="name"
                    value={name}
                    maxLength={20}
                    hint={T.join.nameHint}
                    onValue={(v) => {
                      setName(v);
                      setError('name', undefined);
                    }}
                    onBlur={() => check('name', name)}
                    error={errors.name}
                  />
                  <TextField
                    name="phoen"
                    label={`${T.join.phoen} ${T.join.optional}`}
                    type="tel"
                    digits
                    maxLength={13}
                    value={phoen}
                    hint={T.join.phoenHint}
                    onValue={(v) => {
                      setPhoen(v.slice(0, 11));
                      setError('phoen', undefined);
                    }}
                    onBlur={() => check('phoen', phoen)}
                    error={errors.phoen}
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
          <Link to={mobile ? '/mobileJoin' : '/join'}>{T.join.toJoin}</Link>
          <Link to={mobile ? '/mobileMemberIdInq' : '/memberIdInq'}>{T.findId.title}</Link>
        </nav>
      )}
    </section>
  );
}
