import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TIMING, authCodeField, mobilePhoneField } from '@partsmall/contract';
import { get } from '../../shared/api';
import { T } from '../../shared/texts';
import { TextField, useFieldRules } from '../../shared/ui/form';

/** Seconds left of a running countdown; start(n) (re)starts it, stop() ends it. */
export function useCountdown() {
  const [endAt, setEndAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endAt === 0) return;
    const timer = setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= endAt) {
        clearInterval(timer);
        setEndAt(0);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [endAt]);
  const left = endAt === 0 ? 0 : Math.max(0, Math.ceil((endAt - now) / 1000));
  return {
    left,
    start(seconds: number) {
      const n = Date.now();
      setNow(n);
      setEndAt(n + seconds * 1000);
    },
    stop() {
      setEndAt(0);
    },
  };
}

const rules = { phone: mobilePhoneField, authCode: authCodeField };
type Field = keyof typeof rules;

/** 0 start, 1 code requested, 2 code verified (spec 1 §4; the join page derives 3 with the consents). */
export type PhoneAuthState = 0 | 1 | 2;

interface Props {
  /** join: codes for new members (api/mobileVerification); find: codes for the find flows (…Inq). */
  purpose: 'join' | 'find';
  phone: string;
  onPhone: (phone: string) => void;
  code: string;
  onCode: (code: string) => void;
  state: number;
  onState: (state: PhoneAuthState) => void;
  /** Shows '인증 확인', which checks the code with api/checkAuthCode (join); find flows use the code in their own call. */
  verify?: boolean;
  /** Errors the parent's own call returned for these fields. */
  errors?: Partial<Record<Field, string | undefined>>;
  /** Enter in the code field (find flows submit their form). */
  onCodeEnter?: () => void;
}

/**
 * The phone and code step shared by join, sub-account join, find id and find password. The
 * request button is disabled until the phone has 11 digits and while the 60 s countdown runs.
 */
export function PhoneVerification({ purpose, phone, onPhone, code, onCode, state, onState, verify = false, errors, onCodeEnter }: Props) {
  const { errors: local, check, setError } = useFieldRules(rules);
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const focusCode = useRef(false);
  const verified = verify && state >= 2;
  const requested = state >= 1 && !verified;

  useEffect(() => {
    if (requested && focusCode.current) {
      focusCode.current = false;
      document.getElementById('f-authCode')?.focus();
    }
  }, [requested]);

  const canRequest = phone.length === 11 && countdown.left === 0 && !sending && !verified;
  const requestWhy =
    phone.length !== 11 ? T.join.requestDisabledWhy : countdown.left > 0 ? T.join.waitDisabledWhy(countdown.left) : undefined;
  const requestLabel = sending
    ? T.join.sending
    : countdown.left > 0
      ? T.join.resendIn(countdown.left)
      : state >= 1
        ? T.join.resend
        : T.join.requestCode;

  const request = async () => {
    if (!canRequest || !check('phone', phone)) return;
    setSending(true);
    const res = await get(purpose === 'join' ? 'api/mobileVerification' : 'api/mobileVerificationInq', {
      phone,
      authType: 'message',
    });
    setSending(false);
    if (res.code === 200) {
      countdown.start(TIMING.phoneCodeResendSec);
      setSentMessage(res.message);
      setError('authCode', undefined);
      onCode('');
      focusCode.current = true;
      onState(1);
      if (state >= 1) document.getElementById('f-authCode')?.focus();
    } else {
      setError(res.field === 'authCode' ? 'authCode' : 'phone', res.message);
    }
  };

  const canVerify = code.length === 6 && !checking;
  const runVerify = async () => {
    if (!canVerify || !check('authCode', code)) return;
    setChecking(true);
    const res = await get('api/checkAuthCode', { phone, authCode: code });
    setChecking(false);
    if (res.code === 200) {
      countdown.stop();
      setSentMessage(null);
      onState(2);
    } else {
      setError(res.field === 'phone' ? 'phone' : 'authCode', res.message);
      // A failed check returns to the start when the answer's code is 0, else stays at 'requested'.
      if (res.code === 0) onState(0);
    }
  };

  const onPhoneKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    void request();
  };
  const onCodeKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (verify) void runVerify();
    else onCodeEnter?.();
  };

  return (
    <div className="phone-verify">
      <TextField
        name="phone"
        label={T.join.phone}
        type="tel"
        digits
        maxLength={13}
        autoComplete="tel"
        placeholder="01012345678"
        value={phone}
        readOnly={verified}
        hint={verified ? undefined : T.join.phoneHint}
        onValue={(typed) => {
          const v = typed.slice(0, 11);
          if (v === phone) return;
          onPhone(v);
          setError('phone', undefined);
          // A code belongs to the number it was sent to: a new number starts over.
          if (state === 1) {
            onState(0);
            onCode('');
            countdown.stop();
            setSentMessage(null);
          }
        }}
        onBlur={() => phone !== '' && check('phone', phone)}
        onKeyDown={onPhoneKey}
        error={errors?.phone ?? local.phone}
      >
        {!verified && (
          <button type="button" className="btn btn-side" disabled={!canRequest} title={requestWhy} onClick={request}>
            {requestLabel}
          </button>
        )}
      </TextField>
      {requested && (
        <TextField
          name="authCode"
          label={T.join.code}
          digits
          maxLength={6}
          autoComplete="one-time-code"
          value={code}
          hint={sentMessage ?? T.join.codeHint}
          onValue={(v) => {
            onCode(v);
            setError('authCode', undefined);
          }}
          onBlur={() => code !== '' && check('authCode', code)}
          onKeyDown={onCodeKey}
          error={errors?.authCode ?? local.authCode}
        >
          {verify && (
            <button
              type="button"
              className="btn btn-primary btn-side"
              disabled={!canVerify}
              title={canVerify ? undefined : T.join.verifyDisabledWhy}
              onClick={runVerify}
            >
              {checking ? T.join.verifying : T.join.verify}
            </button>
          )}
        </TextField>
      )}
      {verified && (
        <p className="verified-line" role="status">
          <span aria-hidden="true">✓</span> {T.join.verified}
        </p>
      )}
    </div>
  );
}
