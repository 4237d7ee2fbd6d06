import { useCallback, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { formatWon } from '@partsmall/contract';
import { post, setUnauthorizedHandler } from '../../shared/api';
import { isPhoneBrowser, isPopup } from '../../shared/device';
import { MallConfigProvider } from '../../shared/mall-config';
import { session, storageAvailable, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useTradeChannel } from '../../shared/trade';
import { useNotify } from '../../shared/ui/notify';
import { Footer } from './Footer';
import { guardRedirect, isMemberOnly } from './guard';
import { TopBar } from './TopBar';

/** Root of every route: routing guard, 401 handling, trade channel, storage check, configuration. */
export function AppFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { token } = useSession();

  const target = guardRedirect(location.pathname, location.search, isPhoneBrowser(), token !== null);
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      notify.toast(T.common.tokenExpired, 'error');
      navigate('/login');
    });
  }, [navigate, notify]);

  useEffect(() => {
    if (!storageAvailable()) void notify.alert(T.common.storageBlocked);
  }, [notify]);

  // A 401 from the base-info socket clears the session; protected routes go home.
  const onSocketUnauthorized = useCallback(() => {
    if (isMemberOnly(window.location.pathname)) navigate('/home');
  }, [navigate]);
  useTradeChannel(onSocketUnauthorized);

  const onConfigRejected = useCallback(() => navigate('/login'), [navigate]);

  return <MallConfigProvider onRejected={onConfigRejected}>{target ? null : <Outlet />}</MallConfigProvider>;
}

export function DesktopLayout() {
  const popup = isPopup();
  return (
    <div className="layout-desktop">
      <TopBar />
      <main className="main">
        <Outlet />
      </main>
      <Footer />
      {!popup && <FloatingChatButton />}
    </div>
  );
}

function FloatingChatButton() {
  const open = () => window.open('/chatStart', 'chat', 'width=400,height=728');
  return (
    <button type="button" className="chat-fab" onClick={open} aria-label={T.topBar.chat} title={T.topBar.chat}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
      </svg>
    </button>
  );
}

/** Mobile routes: one column, a slim header and the bottom icon bar (search, login or logout, chat). */
export function MobileLayout() {
  const { userInfo, baseInfo } = useSession();
  const navigate = useNavigate();
  const logout = async () => {
    await post('api/logout').catch(() => undefined);
    session.clear();
    navigate('/mobile');
  };
  return (
    <div className="layout-mobile">
      <header className="m-header">
        <Link to="/mobile" className="logo">
          <span className="logo-mark">P</span>
          <span className="logo-text">{T.brand}</span>
        </Link>
        {userInfo?.companyInfo && (
          <div className="m-figures">
            <span data-testid="cash">{formatWon(baseInfo?.memberPoint ?? userInfo.companyInfo.point)}</span>
            <span data-testid="license-days">{baseInfo?.memberLicense ?? 0}일</span>
            <Link to="/cartm">
              {T.topBar.cart} <b data-testid="cart-count">{baseInfo?.carts ?? 0}</b>
            </Link>
          </div>
        )}
      </header>
      <main className="m-main">
        <Outlet />
      </main>
      <nav className="m-bottom" aria-label="하단 메뉴">
        <Link to="/mobile?search=1">
          <Icon d="M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm5.3 9.9 5 5-1.4 1.4-5-5z" />
          검색
        </Link>
        {userInfo ? (
          <button type="button" onClick={logout}>
            <Icon d="M10 4h-5v16h5v-2H7V6h3zm5.6 3.6L14.2 9l2 2H9v2h7.2l-2 2 1.4 1.4 4.4-4.4z" />
            {T.topBar.logout}
          </button>
        ) : (
          <Link to="/mobileLogin">
            <Icon d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2 8 4.5V21H4v-2.5C4 16 7.6 14 12 14z" />
            {T.topBar.login}
          </Link>
        )}
        <Link to="/chatMobile">
          <Icon d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
          {T.topBar.chat}
        </Link>
      </nav>
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

/** Popup windows (order detail, chat, catalogue): no bars. */
export function BareLayout() {
  return (
    <main className="bare">
      <Outlet />
    </main>
  );
}
