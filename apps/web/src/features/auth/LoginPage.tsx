import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TIMING, loginIdField, passwordField, type LoginResult } from '@partsmall/contract';
import { post } from '../../shared/api';
import { session } from '../../shared/session';
import { T } from '../../shared/texts';
import { TextField, useFieldRules } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';

const rules = { id: loginIdField, pw: passwordField };

export function LoginPage({ mobile = false }: { mobile?: boolean }) {
  const [id, setId] = useState('');
  const [pw, setPw] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { errors, check, checkAll } = useFieldRules(rules);
  const notify = useNotify();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const blank = id.trim() === '' || pw === '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blank || busy || done) return;
    const problem = checkAll({ id, pw });
    if (problem) return;
    setBusy(true);
    const res = await post<LoginResult>('api/login', { id: id.trim(), pw });
    setBusy(false);
    if (res.code === 200 && res.results) {
      session.login(res.results.token, res.results.userInfo);
      setDone(true);
      notify.toast(res.message);
      if (window.opener && window.name === 'chat') {
        window.opener.postMessage({ type: 'login' }, window.location.origin);
      }
      timer.current = setTimeout(() => navigate(mobile ? '/mobile' : '/home'), TIMING.loginRedirectMs);
    } else {
      await notify.alert(res.message);
    }
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.login.title}</h1>
      {done ? (
        <p className="notice-success" role="status">
          {T.login.done}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="form">
          <TextField
            name="id"
            label={T.login.id}
            type="email"
            autoComplete="username"
            value={id}
            maxLength={50}
            onValue={setId}
            onBlur={() => check('id', id)}
            error={errors.id}
          />
          <TextField
            name="pw"
            label={T.login.pw}
            type="password"
            autoComplete="current-password"
            value={pw}
            maxLength={20}
            onValue={setPw}
            onBlur={() => check('pw', pw)}
            error={errors.pw}
          />
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={blank || busy}
            title={blank ? T.login.disabledWhy : undefined}
          >
            {T.login.submit}
          </button>
        </form>
      )}
      <nav className="auth-links">
        <Link to={mobile ? '/mobile' : '/home'}>{T.common.home}</Link>
        <Link to={mobile ? '/mobileMemberIdInq' : '/memberIdInq'}>{T.login.findId}</Link>
        <Link to={mobile ? '/mobileJoin' : '/memberPwInq'}>{T.login.findPw}</Link>
        <Link to={mobile ? '/mobileJoin' : '/join'}>{T.login.join}</Link>
      </nav>
    </section>
  );
}
