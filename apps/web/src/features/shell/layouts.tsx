import { useCallback, useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isStaffRole } from '@partsmall/contract';
import { Link, Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { ApiError, endExpiredSession, setUnauthorizedHandler } from '../../shared/api';
import { isPhoneBrowser, isPopup } from '../../shared/device';
import { won } from '../../shared/format';
import { configPollMs, mallConfigQuery } from '../../shared/mall-config';
import { MOBILE_EPC_PATH, MobileContext, PATHS, STAFF_CONSOLE_PATH, pathFor } from '../../shared/paths';
import { storageAvailable, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useTradeChannel } from '../../shared/trade';
import { focusMain } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { useLogout } from '../auth';
import { FloatingChatButton, MobileChatEntry } from '../chat';
import { Footer } from './Footer';
import { guardRedirect, isMemberOnly } from './guard';
import { TopBar } from './TopBar';
import './shell.css';

/**
 * Reads the shop configuration: every 100 ms until it arrives, then every minute; a new `ver`
 * reloads the page and a refusal (code 400) sends to login (docs/requirements.md#entities).
 */
function useMallConfigPolling(onRejected: () => void) {
  const config = useQuery({ ...mallConfigQuery, refetchInterval: (q) => configPollMs(q.state.data !== undefined) });
  const firstVer = useRef<number | null>(null);
  const ver = config.data?.ver;
  useEffect(() => {
    if (ver === undefined) return;
    if (firstVer.current === null) firstVer.current = ver;
    else if (firstVer.current !== ver) window.location.reload();
  }, [ver]);
  const rejected = config.error instanceof ApiError && config.error.code === 400;
  useEffect(() => {
    if (rejected) onRejected();
  }, [rejected, onRejected]);
  return config.data ?? null;
}

/**
 * The demo shop says so on every page. The server writes the banner into the page it sends (it
 * knows its mode before any script runs); only without it (the development server) does the app
 * add the same banner once the configuration says `demo`.
 */
const serverBanner = typeof document !== 'undefined' && document.getElementById('demo-banner') !== null;

function DemoBanner() {
  return (
    <section className="demo-banner" aria-label={T.demo.label} data-testid="demo-banner">
      <p>
        <b>{T.demo.title}</b> {T.demo.body}
      </p>
    </section>
  );
}

/**
 * Keeps `--demo-banner-h` on the document at the demo banner's height (it wraps on a narrow window):
 * a box sized from the window's height (the catalogue's drawing) takes it off, so the page fits
 * under the banner (docs/requirements.md#windows-and-sizes).
 */
function useDemoBannerHeight(demo: boolean) {
  useEffect(() => {
    const banner = document.querySelector('.demo-banner');
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--demo-banner-h', `${banner.getBoundingClientRect().height}px`),
    );
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--demo-banner-h');
    };
  }, [demo]);
}

/** The first thing Tab reaches on every page: straight to the main content, past the bars and menus. */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        // The router is not asked (a hash change would be a navigation); focus moves by hand.
        e.preventDefault();
        focusMain();
      }}
    >
      {T.common.skipToContent}
    </a>
  );
}

/** Root of every route: routing guard, 401 handling, trade channel, storage check, configuration. */
export function AppFrame() {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { token, expiredOn } = useSession();
  const here = location.pathname + location.search;

  const target = guardRedirect(
    location.pathname,
    location.search,
    isPhoneBrowser(),
    token !== null,
    expiredOn === here,
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      notify.toast(T.common.tokenExpired, 'error');
      // A member-only screen is moved by the guard, which knows the session expired there: a second
      // move from here raced it, and the guard's rule for a visitor (home) won.
      if (!isMemberOnly(window.location.pathname)) navigate(pathFor('login', isPhoneBrowser()));
    });
  }, [navigate, notify]);

  useEffect(() => {
    if (!storageAvailable()) void notify.alert(T.common.storageBlocked);
  }, [notify]);

  // A 401 from the base-info socket (the session revoked in another tab, or expired) ends the session
  // as a call's 401 does: told, and on to login (docs/requirements.md#accounts-and-sessions).
  useTradeChannel(endExpiredSession);

  const onConfigRejected = useCallback(() => {
    if (window.location.pathname !== PATHS.login[0]) navigate(PATHS.login[0]);
  }, [navigate]);
  const config = useMallConfigPolling(onConfigRejected);
  useDemoBannerHeight(config?.demo === true);

  return (
    <>
      <SkipLink />
      {config?.demo && !serverBanner && <DemoBanner />}
      {target ? <Navigate to={target} replace /> : <Outlet />}
      {/* A new page starts at its top; back and forward return to where the page was left. */}
      <ScrollRestoration />
    </>
  );
}

export function DesktopLayout() {
  const popup = isPopup();
  return (
    <div className="layout-desktop">
      <TopBar />
      <main className="main" id="main">
        <Outlet />
      </main>
      <Footer />
      {!popup && <FloatingChatButton />}
    </div>
  );
}

/** Mobile routes: one column, a slim header and the bottom icon bar (search, the catalogue for members, login or logout, chat). */
export function MobileLayout() {
  const { userInfo, baseInfo } = useSession();
  const navigate = useNavigate();
  const logout = useLogout();
  const leave = () => logout.mutate(undefined, { onSettled: () => navigate(PATHS.home[1]) });
  return (
    <MobileContext.Provider value={true}>
      <div className="layout-mobile">
        <header className="m-header">
          <Link to={PATHS.home[1]} className="logo">
            <span className="logo-mark">P</span>
            <span className="logo-text">{T.brand}</span>
          </Link>
          {userInfo?.companyInfo && (
            <div className="m-figures">
              <span data-testid="cash">{won(baseInfo?.memberPoint ?? userInfo.companyInfo.point)}</span>
              <span data-testid="license-days">
                {baseInfo ? T.common.daysOf(baseInfo.memberLicense) : T.common.notYet}
              </span>
              <Link to={PATHS.cart[1]}>
                {T.topBar.cart} <b data-testid="cart-count">{baseInfo?.carts ?? 0}</b>
              </Link>
            </div>
          )}
        </header>
        <main className="m-main" id="main">
          <Outlet />
        </main>
        <nav className="m-bottom" aria-label={T.topBar.bottomMenu}>
          <Link to={`${PATHS.home[1]}?search=1`}>
            <Icon d="M10 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm5.3 9.9 5 5-1.4 1.4-5-5z" />
            {T.common.search}
          </Link>
          {userInfo?.companyInfo && (
            <Link to={MOBILE_EPC_PATH}>
              <Icon d="M4 5h7v14H4zm9 0h7v6h-7zm0 8h7v6h-7zM6 7v10h3V7z" />
              {T.topBar.epc}
            </Link>
          )}
          {userInfo?.companyInfo && (
            <Link to={PATHS.quickOrder[1]}>
              <Icon d="M5 4h14v2H5zm0 5h14v2H5zm0 5h9v2H5zm11 0h3v3h3v3h-3v3h-3v-3h-3v-3h3z" />
              {T.topBar.quickOrder}
            </Link>
          )}
          {userInfo ? (
            <button type="button" onClick={leave}>
              <Icon d="M10 4h-5v16h5v-2H7V6h3zm5.6 3.6L14.2 9l2 2H9v2h7.2l-2 2 1.4 1.4 4.4-4.4z" />
              {T.topBar.logout}
            </button>
          ) : (
            <Link to={PATHS.login[1]}>
              <Icon d="M12 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 11c4.4 0 8 2 8 4.5V21H4v-2.5C4 16 7.6 14 12 14z" />
              {T.topBar.login}
            </Link>
          )}
          {/* Staff answer chats in the console; the chat here is the buyers' (docs/requirements.md#users-and-roles). */}
          {isStaffRole(userInfo?.role) ? (
            <Link to={STAFF_CONSOLE_PATH}>
              <Icon d={CHAT_ICON} />
              {T.topBar.staffConsole}
            </Link>
          ) : (
            <MobileChatEntry>
              <Icon d={CHAT_ICON} />
              {T.topBar.chat}
            </MobileChatEntry>
          )}
        </nav>
      </div>
    </MobileContext.Provider>
  );
}

const CHAT_ICON = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';

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
    <main className="bare" id="main">
      <Outlet />
    </main>
  );
}
