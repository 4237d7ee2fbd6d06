import { TIMING, loginRequest } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Field, Form, SubmitButton, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useDelayedNavigate } from '../../shared/useDelayedNavigate';
import { QrCodeLogin, QrLinkLogin, QrScanButton } from '../chat';
import { AuthLinks } from './AuthLinks';
import { useLogin } from './api';

export function LoginPage({ mobile = false }: { mobile?: boolean }) {
  const form = useZodForm(loginRequest, { id: '', pw: '' });
  const login = useLogin();
  const notify = useNotify();
  const later = useDelayedNavigate();

  const submit = (values: { id: string; pw: string }) => {
    if (login.isPending || login.isSuccess) return;
    login.mutate(values, {
      onSuccess: (answer) => {
        notify.toast(answer.message);
        // A login inside the chat popup tells its opener (same origin only).
        if (window.opener && window.name === 'chat')
          window.opener.postMessage({ type: 'login' }, window.location.origin);
        later(pathFor('home', mobile), TIMING.loginRedirectMs);
      },
      onError: (e) => void notify.alert(messageOf(e)),
    });
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.login.title}</h1>
      <QrLinkLogin home={pathFor('home', mobile)} />
      {login.isSuccess ? (
        <p className="notice-success" role="status">
          {T.login.done}
        </p>
      ) : (
        <Form form={form} onSubmit={submit}>
          <Field name="id" label={T.login.id} type="email" autoComplete="username" maxLength={50} />
          <Field name="pw" label={T.login.pw} type="password" autoComplete="current-password" maxLength={20} />
          {/* Disabled while either field is blank (docs/requirements.md#account-screens). */}
          <SubmitButton
            ready={(v) => v.id!.trim() !== '' && v.pw !== ''}
            why={T.login.disabledWhy}
            busy={login.isPending}
            label={T.login.submit}
          />
        </Form>
      )}
      {mobile && !login.isSuccess && (
        <>
          <QrScanButton />
          <QrCodeLogin home={pathFor('home', mobile)} />
        </>
      )}
      <AuthLinks
        mobile={mobile}
        links={[
          ['home', T.common.home],
          ['findId', T.login.findId],
          ['findPw', T.login.findPw],
          ['join', T.login.join],
        ]}
      />
    </section>
  );
}
