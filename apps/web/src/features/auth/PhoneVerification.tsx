import { useEffect, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TIMING } from '@partsmall/contract';
import { ApiError, fieldOf, messageOf } from '../../shared/api';
import { T } from '../../shared/texts';
import { CodeField, OkLine, PhoneField } from '../../shared/ui/form';
import { useCheckPhoneCode, useRequestPhoneCode } from './api';
import './auth.css';

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

/** 0 start, 1 code requested, 2 code verified (the join page derives 3 with the consents). */
export type PhoneAuthState = 0 | 1 | 2;

interface Props {
  /** join: codes for new members (api/mobileVerification); find: codes for the find flows (…Inq). */
  purpose: 'join' | 'find';
  state: PhoneAuthState;
  onState: (state: PhoneAuthState) => void;
  /** Shows '인증 확인', which checks the code with api/checkAuthCode (join); find flows use the code in their own call. */
  verify?: boolean;
  /** Enter in the code field (find flows submit their form). */
  onCodeEnter?: () => void;
}

const onEnter = (run: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  run();
};

/**
 * The phone and code step shared by join, sub-account join, find id and find password: the
 * `phone` and `authCode` fields of the surrounding form. The request button is disabled until
 * the phone has 11 digits and while the 60 s countdown runs.
 */
export function PhoneVerification({ purpose, state, onState, verify = false, onCodeEnter }: Props) {
  const { trigger, setError, clearErrors, setValue, setFocus } = useFormContext();
  const [phone, code] = useWatch({ name: ['phone', 'authCode'] }) as [string, string];
  const countdown = useCountdown();
  const request = useRequestPhoneCode(purpose);
  const check = useCheckPhoneCode();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const verified = verify && state >= 2;
  const requested = state >= 1 && !verified;

  const canRequest = phone.length === 11 && countdown.left === 0 && !request.isPending && !verified;
  const requestWhy =
    phone.length !== 11
      ? T.join.requestDisabledWhy
      : countdown.left > 0
        ? T.join.waitDisabledWhy(countdown.left)
        : undefined;
  const requestLabel = request.isPending
    ? T.join.sending
    : countdown.left > 0
      ? T.join.resendIn(countdown.left)
      : state >= 1
        ? T.join.resend
        : T.join.requestCode;

  const sendCode = async () => {
    if (!canRequest || !(await trigger('phone'))) return;
    request.mutate(phone, {
      onSuccess: (answer) => {
        countdown.start(TIMING.phoneCodeResendSec);
        setSentMessage(answer.message);
        clearErrors('authCode');
        setValue('authCode', '');
        onState(1);
        // A new code for a field already shown: the cursor goes back to it.
        if (state >= 1) setFocus('authCode');
      },
      onError: (e) => setError(fieldOf(e, ['authCode']) ?? 'phone', { type: 'server', message: messageOf(e) }),
    });
  };

  const canVerify = code.length === 6 && !check.isPending;
  const runVerify = async () => {
    if (!canVerify || !(await trigger('authCode'))) return;
    check.mutate(
      { phone, authCode: code },
      {
        onSuccess: () => {
          countdown.stop();
          setSentMessage(null);
          onState(2);
        },
        onError: (e) => {
          setError(fieldOf(e, ['phone']) ?? 'authCode', { type: 'server', message: messageOf(e) });
          // A failed check returns to the start when the answer's code is 0, else stays at 'requested'.
          if (e instanceof ApiError && e.code === 0 && e.status !== 0) onState(0);
        },
      },
    );
  };

  return (
    <div className="phone-verify">
      <PhoneField
        name="phone"
        label={T.join.phone}
        type="tel"
        autoComplete="tel"
        placeholder="01012345678"
        readOnly={verified}
        hint={verified ? undefined : T.join.phoneHint}
        onValue={() => {
          // A code belongs to the number it was sent to: a new number starts over.
          if (state !== 1) return;
          onState(0);
          setValue('authCode', '');
          countdown.stop();
          setSentMessage(null);
        }}
        onKeyDown={onEnter(() => void sendCode())}
      >
        {!verified && (
          <button
            type="button"
            className="btn btn-side"
            disabled={!canRequest}
            title={requestWhy}
            onClick={() => void sendCode()}
          >
            {requestLabel}
          </button>
        )}
      </PhoneField>
      {requested && (
        <CodeField
          label={T.join.code}
          // The field appears when a code was sent: the cursor goes to it.
          autoFocus
          hint={sentMessage ?? T.join.codeHint}
          onKeyDown={onEnter(() => (verify ? void runVerify() : onCodeEnter?.()))}
        >
          {verify && (
            <button
              type="button"
              className="btn btn-primary btn-side"
              disabled={!canVerify}
              title={canVerify ? undefined : T.join.verifyDisabledWhy}
              onClick={() => void runVerify()}
            >
              {check.isPending ? T.join.verifying : T.join.verify}
            </button>
          )}
        </CodeField>
      )}
      {verified && <OkLine className="verified-line">{T.join.verified}</OkLine>}
    </div>
  );
}

/** The phone check of the find forms (id, password): their step is 0 until a code was sent, then 1. */
export function FindVerification({
  step,
  onStep,
  onCodeEnter,
}: {
  step: 0 | 1;
  onStep: (step: 0 | 1) => void;
  onCodeEnter: () => void;
}) {
  return (
    <PhoneVerification purpose="find" state={step} onState={(s) => onStep(s === 0 ? 0 : 1)} onCodeEnter={onCodeEnter} />
  );
}
