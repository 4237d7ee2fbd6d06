import { useState } from 'react';
import { TIMING } from '@partsmall/contract';
import { LoginForm } from '../../shared/login';
import { pathFor } from '../../shared/paths';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { useDelayedNavigate } from '../../shared/useDelayedNavigate';
import { QrCodeLogin, QrLinkLogin, QrScanButton } from '../chat';
import { AuthLinks } from './AuthLinks';
import './auth.css';

export function LoginPage({ mobile = false }: { mobile?: boolean }) {
  const [done, setDone] = useState(false);
  const notify = useNotify();
  const later = useDelayedNavigate();

  const loggedIn = (answer: { message: string }) => {
    setDone(true);
    notify.toast(answer.message);
    // A login inside the chat popup tells its opener (same origin only).
    if (window.opener && window.name === 'chat') window.opener.postMessage({ type: 'login' }, window.location.origin);
    later(pathFor('home', mobile), TIMING.loginRedirectMs);
  };

  return (
    <section className={mobile ? 'm-page auth-page' : 'page narrow auth-page'}>
      <h1>{T.login.title}</h1>
      <QrLinkLogin home={pathFor('home', mobile)} />
      {done ? (
        <p className="notice-success" role="status">
          {T.login.done}
        </p>
      ) : (
        <LoginForm onSuccess={loggedIn} />
      )}
      {mobile && !done && (
        <>
          <QrScanButton />
          <QrCodeLogin home={pathFor('home', mobile)} />
        </>
      )}
      <AuthLinks mobile={mobile} links={['home', 'findId', 'findPw', 'join']} />
    </section>
  );
}
