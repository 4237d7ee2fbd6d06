import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG_CHAT, qrLoginRequest } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { Field, Form, SubmitButton, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useQrLogin } from './api';
import { TC } from './texts';
import './chat.css';

/**
 * The phone's side of the QR login without the page's scanner: the address in the desktop's QR
 * code opens the mobile login with ?qr=code (a camera app does that), and the short code shown
 * beside the QR code can be typed. Both post the original api/qrcodeLogin { token } (docs/requirements.md#qr-login).
 */

function useFinish(home: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      done: (message: string) => {
        notify.toast(message || TC.qrDone);
        navigate(home, { replace: true });
      },
      failed: (e: unknown) => void notify.alert(messageOf(e) || TC.qrFailed),
    }),
    [notify, navigate, home],
  );
}

/** On the login page: a ?qr= in the address logs this phone in once, then leaves the code out of the history. */
export function QrLinkLogin({ home }: { home: string }) {
  const [params, setParams] = useSearchParams();
  const code = params.get('qr');
  const { mutate, isPending } = useQrLogin();
  const finish = useFinish(home);
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!code || tried.current === code) return;
    tried.current = code;
    mutate(code, {
      onSuccess: (a) => finish.done(a.message),
      onError: (e) => {
        setParams({}, { replace: true });
        finish.failed(e);
      },
    });
  }, [code, mutate, finish, setParams]);
  return isPending ? (
    <p className="notice-success" role="status">
      {TC.qrLinkLoggingIn}
    </p>
  ) : null;
}

/** The short code typed on a phone whose camera cannot be used. */
export function QrCodeLogin({ home }: { home: string }) {
  const form = useZodForm(qrLoginRequest, { token: '' });
  const login = useQrLogin();
  const finish = useFinish(home);
  return (
    <section className="qr-code-login" aria-label={TC.qrCodeTitle}>
      <h2>{TC.qrCodeTitle}</h2>
      <Form
        form={form}
        onSubmit={(v) => login.mutate(v.token, { onSuccess: (a) => finish.done(a.message), onError: finish.failed })}
      >
        <Field
          name="token"
          label={TC.qrCodeField}
          hint={TC.qrCodeHint}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
        />
        <SubmitButton
          ready={(v) => (v.token ?? '').trim() !== ''}
          why={MSG_CHAT.qrCodeRequired}
          busy={login.isPending}
          label={TC.qrCodeSubmit}
        />
      </Form>
    </section>
  );
}
