import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COMPANY_LEVEL_NAMES, TIMING, isStaffRole } from '@partsmall/contract';
import { count, won } from '../../shared/format';
import { useMallConfig } from '../../shared/mall-config';
import { PATHS, managementPath, type PathName } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { openPopup, POPUP } from '../../shared/ui/popup';
import { allowedMenu, type MenuPath } from '../management';
import { useLogout } from '../auth';
import { StaffConsoleLink } from '../chat';

function useSticky(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY >= TIMING.stickyBarPx);
    // First read in the next frame: reading scrollY while the app mounts forced a layout of the
    // whole page inside the mount's task (a long task); the frame lays the page out anyway.
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return sticky;
}

/** The visitor's menu (docs/requirements.md#shop-screens). */
const GUEST_ENTRIES: [PathName, string][] = [
  ['inquiry', T.topBar.inquiry],
  ['notice', T.topBar.notice],
  ['login', T.topBar.login],
  ['join', T.topBar.join],
];

/** The member-area entries of the top bar (docs/requirements.md#shop-screens), shown only where the member may go. */
const MEMBER_ENTRIES: { menu: MenuPath; label: string }[] = [
  { menu: 'chargeCash', label: T.topBar.chargeCash },
  { menu: 'buyLicense', label: T.topBar.buyLicense },
  { menu: 'orders', label: T.topBar.orders },
];

export function TopBar() {
  const { userInfo, baseInfo } = useSession();
  const config = useMallConfig();
  const sticky = useSticky();
  const navigate = useNavigate();
  const notify = useNotify();

  const logout = useLogout();
  const leave = () =>
    logout.mutate(undefined, {
      onSettled: () => {
        notify.toast(T.topBar.loggedOut);
        navigate(PATHS.home[0]);
      },
    });

  const company = userInfo?.companyInfo;
  const cash = baseInfo?.memberPoint ?? company?.point ?? 0;
  const carts = baseInfo?.carts ?? 0;
  const isStaff = isStaffRole(userInfo?.role);
  // A sub-account sees only the entries it may open (docs/requirements.md#member-area).
  const allowed = userInfo ? allowedMenu(userInfo.type) : [];

  return (
    <header className={`topbar${sticky ? ' topbar-sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
      <div className="topbar-util">
        <div className="container topbar-util-inner">
          {userInfo ? (
            <>
              <div className="member-summary" aria-label={T.topBar.memberSummary}>
                <strong className="company-name">{userInfo.companyName || userInfo.name}</strong>
                {company && (
                  <span className={`level-badge level-${company.level}`}>{COMPANY_LEVEL_NAMES[company.level]}</span>
                )}
                <span className="badge-regular">
                  {isStaff ? T.topBar.staffBadge[userInfo.role] : T.topBar.regularMember}
                </span>
                {company && (
                  <>
                    <span className="figure" data-testid="cash">
                      {T.topBar.cash} <b>{won(cash)}</b>
                    </span>
                    <span className="figure" data-testid="license-days">
                      {T.topBar.license} <b>{baseInfo ? T.common.daysOf(baseInfo.memberLicense) : T.common.notYet}</b>
                    </span>
                  </>
                )}
              </div>
              <nav className="topbar-menu" aria-label={T.topBar.memberMenu}>
                {isStaff && <StaffConsoleLink>{T.topBar.staffConsole}</StaffConsoleLink>}
                {company && (
                  <>
                    <button type="button" className="link" onClick={() => openPopup('/epcMain', 'epc', POPUP.epc)}>
                      {T.topBar.epc}
                    </button>
                    {MEMBER_ENTRIES.filter((e) => allowed.includes(e.menu)).map((e) => (
                      <Link key={e.menu} to={managementPath(e.menu, false)}>
                        {e.label}
                      </Link>
                    ))}
                    <Link to={PATHS.quickOrder[0]}>{T.topBar.quickOrder}</Link>
                    <Link to={PATHS.cart[0]} className="cart-link">
                      {T.topBar.cart}
                      <span className="cart-badge" data-testid="cart-count">
                        {carts}
                      </span>
                    </Link>
                    <Link to={PATHS.management[0]}>{T.topBar.management}</Link>
                  </>
                )}
                <button type="button" className="link" onClick={leave}>
                  {T.topBar.logout}
                </button>
              </nav>
            </>
          ) : (
            <nav className="topbar-menu guest" aria-label={T.topBar.guestMenu}>
              {GUEST_ENTRIES.map(([name, label]) => (
                <Link key={name} to={PATHS[name][0]}>
                  {label}
                </Link>
              ))}
            </nav>
          )}
        </div>
      </div>
      <div className="topbar-main">
        <div className="container topbar-main-inner">
          <Link to="/home" className="logo">
            <span className="logo-mark" aria-hidden="true">
              P
            </span>
            <span className="logo-text">
              {T.brand}
              <small>{T.brandSub}</small>
            </span>
          </Link>
          {config && (
            <dl className="header-figures">
              <div>
                <dt>{T.topBar.totalAsset}</dt>
                <dd>{won(config.totalAsset)}</dd>
              </div>
              <div>
                <dt>{T.topBar.totalQuantity}</dt>
                <dd>{T.common.pieces(count(config.totalQuantity))}</dd>
              </div>
            </dl>
          )}
        </div>
      </div>
    </header>
  );
}
