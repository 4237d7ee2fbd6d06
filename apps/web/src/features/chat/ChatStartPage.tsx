import { useEffect, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { chatJoinRequest, type LoginResult } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { isPhoneBrowser } from '../../shared/device';
import { LoginForm } from '../../shared/login';
import { T } from '../../shared/texts';
import { Field, Form, PasswordField, SubmitButton, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { LOGIN_MESSAGE } from './login-message';
import { useChatJoin } from './api';
import { TC } from './texts';
import './chat.css';

/** A login inside the chat popup is posted to the window that opened it, to this origin only (docs/requirements.md#chat-screens). */
function tellOpenerLoggedIn(result: LoginResult) {
  try {
    const opener = window.opener as Window | null;
    if (opener && opener !== window)
      opener.postMessage(
        { type: LOGIN_MESSAGE, token: result.token, userInfo: result.userInfo },
        window.location.origin,
      );
  } catch {
    /* opener gone */
  }
}

/**
 * The chat entry /chatStart/{route?} (docs/requirements.md#chat-screens): start (login, sign-up or home,
 * with the support hours), login, and the quick sign-up /chatStart/chatJoin. A logged-in user goes
 * on to the chat.
 */
export function ChatStartPage({ loggedIn }: { loggedIn: LoginResult | null }) {
  const { route } = useParams();
  const [params] = useSearchParams();
  const mobile = params.get('m') === '1' || isPhoneBrowser();
  const chatPath = mobile ? '/chatMobile' : '/chat';
  useEffect(() => {
    document.title = TC.title;
  }, []);
  if (loggedIn) return <GoToChat session={loggedIn} to={chatPath} />;
  const suffix = mobile ? '?m=1' : '';
  return (
    <section className="chat-window chat-start" data-testid="chat-start">
      <header className="chat-header">
        <span className="chat-title">{TC.startTitle}</span>
      </header>
      <div className="chat-start-body">
        {route === 'login' ? (
          <ChatLogin />
        ) : route === 'chatJoin' ? (
          <ChatJoin />
        ) : (
          <>
            <p>{TC.startBody}</p>
            <div className="chat-start-buttons">
              <Link className="btn btn-primary btn-block" to={`/chatStart/login${suffix}`}>
                {TC.startLogin}
              </Link>
              <Link className="btn btn-block" to={`/chatStart/chatJoin${suffix}`}>
                {TC.startJoin}
              </Link>
              <a
                className="btn btn-block"
                href={mobile ? '/mobile' : '/home'}
                target={window.opener ? '_blank' : undefined}
                rel="noopener"
              >
                {TC.startHome}
              </a>
            </div>
          </>
        )}
        <div className="chat-hours">
          <b>{TC.hoursTitle}</b>
          <p>{TC.hours}</p>
        </div>
        {route && (
          <Link to={`/chatStart${suffix}`} className="link">
            {TC.back}
          </Link>
        )}
      </div>
    </section>
  );
}

/** Logged in (here or before): the opener learns of it, then the chat opens. */
function GoToChat({ session, to }: { session: LoginResult; to: string }) {
  const [told, setTold] = useState(false);
  useEffect(() => {
    tellOpenerLoggedIn(session);
    setTold(true);
  }, [session]);
  return told ? <Navigate to={to} replace /> : null;
}

function ChatLogin() {
  return <LoginForm heading={<h1>{TC.loginTitle}</h1>} label={TC.loginSubmit} />;
}

function ChatJoin() {
  const form = useZodForm(chatJoinRequest, { companyArea: '', phone: '', companyName: '', id: '', pw: '', cpw: '' });
  const join = useChatJoin();
  const notify = useNotify();
  return (
    <Form
      form={form}
      alertInvalid
      onSubmit={(v) =>
        join.mutate(v, {
          onSuccess: (a) => notify.toast(a.message),
          onError: (e) => void notify.alert(messageOf(e)),
        })
      }
    >
      <h1>{TC.joinTitle}</h1>
      <Field name="companyName" label={T.join.companyName} maxLength={50} />
      <Field name="companyArea" label={T.join.companyArea} hint={T.join.companyAreaHint} maxLength={20} />
      <Field name="phone" label={T.join.phone} digits maxLength={11} inputMode="numeric" />
      <Field name="id" label={T.join.id} type="email" autoComplete="username" maxLength={50} />
      <PasswordField name="pw" label={T.join.pw} />
      <PasswordField name="cpw" label={T.join.cpw} />
      <SubmitButton ready={() => true} why="" busy={join.isPending} label={TC.joinSubmit} />
    </Form>
  );
}
