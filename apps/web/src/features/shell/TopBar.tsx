import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COMPANY_LEVEL_NAMES, TIMING, formatWon } from '@partsmall/contract';
import { post } from '../../shared/api';
import { useMallConfig } from '../../shared/mall-config';
import { session, useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';

function useSticky(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY >= TIMING.stickyBarPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return sticky;
}

/** Opens the parts catalogue in its own window (spec 2 §2). */
function openEpc() {
  window.open('/epcMain', 'epc', 'width=1400,height=900');
}

export function TopBar() {
  const { userInfo, baseInfo } = useSession();
  const config = useMallConfig();
  const sticky = useSticky();
  const navigate = useNavigate();
  const notify = useNotify();

  const logout = async () => {
    await post('api/logout').catch(() => undefined);
    session.clear();
    notify.toast(T.topBar.logout + '되었습니다.');
    navigate('/home');
  };

  const company = userInfo?.companyInfo;
  const cash = baseInfo?.memberPoint ?? company?.point ?? 0;
  const licenseDays = baseInfo?.memberLicense ?? 0;
  const carts = baseInfo?.carts ?? 0;
  const isStaff = userInfo?.role === 'staff' || userInfo?.role === 'admin';

  return (
    <header className={`topbar${sticky ? ' topbar-sticky' : ''}`} data-sticky={sticky ? 'true' : 'false'}>
      <div className="topbar-util">
        <div className="container topbar-util-inner">
          {userInfo ? (
            <>
              <div className="member-summary" aria-label="회원 정보">
                <strong className="company-name">{userInfo.companyName || userInfo.name}</strong>
                {company && (
                  <span className={`level-badge level-${company.level}`}>{COMPANY_LEVEL_NAMES[company.level]}</span>
                )}
                <span className="badge-regular">{T.topBar.regularMember}</span>
                {company && (
                  <>
                    <span className="figure" data-testid="cash">
                      {T.topBar.cash} <b>{formatWon(cash)}</b>
                    </span>
                    <span className="figure" data-testid="license-days">
                      {T.topBar.license} <b>{licenseDays}일</b>
                    </span>
                  </>
                )}
              </div>
              <nav className="topbar-menu" aria-label="회원 메뉴">
                {isStaff && (
                  <a href="/chatAdmin" target="_blank" rel="noopener">
                    {T.topBar.staffConsole}
                  </a>
                )}
                {company && (
                  <>
                    <button type="button" className="link" onClick={openEpc}>
                      {T.topBar.epc}
                    </button>
                    <Link to="/management/chargeCash">{T.topBar.chargeCash}</Link>
                    <Link to="/management/buyLicense">{T.topBar.buyLicense}</Link>
                    <Link to="/management/orders">{T.topBar.orders}</Link>
                    <Link to="/cart" className="cart-link">
                      {T.topBar.cart}
                      <span className="cart-badge" data-testid="cart-count">
                        {carts}
                      </span>
                    </Link>
                    <Link to="/management">{T.topBar.management}</Link>
                  </>
                )}
                <button type="button" className="link" onClick={logout}>
                  {T.topBar.logout}
                </button>
              </nav>
            </>
          ) : (
            <nav className="topbar-menu guest" aria-label="방문자 메뉴">
              <Link to="/inquiry">{T.topBar.inquiry}</Link>
              <Link to="/notice">{T.topBar.notice}</Link>
              <Link to="/login">{T.topBar.login}</Link>
              <Link to="/join">{T.topBar.join}</Link>
            </nav>
          )}
        </div>
      </div>
      <div className="topbar-main">
        <div className="container topbar-main-inner">
          <Link to="/home" className="logo">
            <span className="logo-mark" aria-hidden="true">P</span>
            <span className="logo-text">
              {T.brand}
              <small>{T.brandSub}</small>
            </span>
          </Link>
          {config && (
            <dl className="header-figures">
              <div>
                <dt>{T.topBar.totalAsset}</dt>
                <dd>{formatWon(config.totalAsset)}</dd>
              </div>
              <div>
                <dt>{T.topBar.totalQuantity}</dt>
                <dd>{config.totalQuantity.toLocaleString('ko-KR')}개</dd>
              </div>
            </dl>
          )}
        </div>
      </div>
    </header>
  );
}
