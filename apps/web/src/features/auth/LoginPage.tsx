import { useWatch } from 'react-hook-form';
import { TIMING, loginRequest } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { useDelayedNavigate } from '../../shared/useDelayedNavigate';
import { AuthLinks } from './AuthLinks';
import { useLogin } from './queries';

/** The login button is disabled while either field is blank (spec 1 §2 Login page). */
function LoginButton({ busy }: { busy: boolean }) {
  const [id, pw] = useWatch({ name: ['id', 'pw'] }) as [string, string];
  const blank = id.trim() === '' || pw === '';
  return (
    <button type="submit" className="btn btn-primary btn-block" disabled={blank || busy} title={blank ? T.login.disabledWhy : undefined}>
      {T.login.submit}
    </button>
  );
}

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
        if (window.opener && window.name === 'chat') window.opener.postMessage({ type: 'login' }, window.location.origin);
        later(pathFor('home', mobile), TIMING.loginRedirectMs);
      },
      onError: (e) => void notify.alert(messageOf(e)),
    });
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.login.title}</h1>
      {login.isSuccess ? (
        <p className="notice-success" role="status">
          {T.login.done}
        </p>
      ) : (
        <Form form={form} onSubmit={submit}>
          <Field name="id" label={T.login.id} type="email" autoComplete="username" maxLength={50} />
          <Field name="pw" label={T.login.pw} type="password" autoComplete="current-password" maxLength={20} />
          <LoginButton busy={login.isPending} />
        </Form>
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
