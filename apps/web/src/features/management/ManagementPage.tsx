import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, NavLink, useParams, useSearchParams } from 'react-router';
import { COMPANY_LEVEL_NAMES, MEMBER_TYPE_MAIN, MSG_MEMBER } from '@partsmall/contract';
import { BACK_OFFICE_PATH, managementPath, MOBILE_EPC_PATH, PATHS } from '../../shared/paths';
import { useSession } from '../../shared/session';
import { T } from '../../shared/texts';
import { useNotify } from '../../shared/ui/notify';
import { SecuritySection, WithdrawSection } from './AccountSections';
import { CashLedgerSection } from './CashLedgerSection';
import { CompanyInfoSection } from './CompanyInfoSection';
import { DeliveryAddressSection } from './DeliveryAddressSection';
import { EditMyInfoSection } from './EditMyInfoSection';
import { allowedMenu, isMenuPath, type MenuPath } from './menu';
import { MonthlyStatementSection } from './MonthlyStatementSection';
import { MyVehiclesSection } from './MyVehiclesSection';
import { NotifySettingsSection } from '../notify';
import { FavoritesSection } from '../favorites';
import { CreditSection } from '../credit';
import { OrdersSection } from './OrdersSection';
import { BuyLicenseSection, ChargeCashSection } from './PaySections';
import { PaymentHistorySection } from './PaymentHistorySection';
import { SectionHead } from './components/SectionHead';
import { ProfileSection } from './ProfileSection';
import { TaxInvoicesSection } from './TaxInvoicesSection';
import { UsersSection } from './UsersSection';

const M = T.management;

// The desktop shows a QR code the phone scans to log in (docs/requirements.md#qr-login); its generator loads on demand.
import { QrLoginButton, StaffConsoleLink } from '../chat';
import './management.css';

const desktopLink = (path: MenuPath) => managementPath(path, false);
const mobileLink = (path: MenuPath) => managementPath(path, true);

/**
 * Leaves an entry the member may not open for `to`. A main-only entry asked for by a sub-account
 * says why, once (docs/requirements.md#member-area); an unknown one just goes.
 */
function LeaveEntry({ to, mainOnly }: { to: string; mainOnly: boolean }) {
  const notify = useNotify();
  const told = useRef(false);
  useEffect(() => {
    if (!mainOnly || told.current) return;
    told.current = true;
    notify.toast(MSG_MEMBER.mainOnly, 'error');
  }, [mainOnly, notify]);
  return <Navigate to={to} replace />;
}

/**
 * The shop's own accounts have no company, so no member area: they are pointed to the back office and
 * the chat console (docs/requirements.md#users-and-roles).
 */
function StaffNote({ className }: { className: string }) {
  return (
    <section className={className}>
      <h1>{M.title}</h1>
      <p>{M.staffNote}</p>
      <p className="mg-staff-links">
        <Link to={BACK_OFFICE_PATH} className="btn">
          {T.topBar.backOffice}
        </Link>
        <StaffConsoleLink className="btn">{T.topBar.staffConsole}</StaffConsoleLink>
      </p>
    </section>
  );
}

/** The screen of each entry. */
const SECTIONS: Record<MenuPath, (mobile: boolean) => ReactNode> = {
  profile: (mobile) => <ProfileSection mobile={mobile} linkTo={mobile ? mobileLink : desktopLink} />,
  editMyInfo: () => <EditMyInfoSection />,
  orders: () => <OrdersSection />,
  favorites: () => <FavoritesSection head={(title, intro) => <SectionHead title={title} intro={intro} />} />,
  deliveryAddress: () => <DeliveryAddressSection />,
  myVehicles: () => <MyVehiclesSection />,
  notifySettings: () => <NotifySettingsSection head={(title, intro) => <SectionHead title={title} intro={intro} />} />,
  editCompanyInfo: () => <CompanyInfoSection />,
  users: () => <UsersSection />,
  chargeCash: () => <ChargeCashSection />,
  cashPayments: () => <PaymentHistorySection kind="cash" />,
  cashLedger: () => <CashLedgerSection />,
  monthlyStatement: () => <MonthlyStatementSection />,
  taxInvoices: () => <TaxInvoicesSection />,
  credit: () => <CreditSection head={(title, intro) => <SectionHead title={title} intro={intro} />} />,
  buyLicense: () => <BuyLicenseSection />,
  licensePayments: () => <PaymentHistorySection kind="license" />,
  setSecurity: () => <SecuritySection />,
  memberDeactivation: (mobile) => <WithdrawSection mobile={mobile} />,
};

function Section({ path, mobile }: { path: MenuPath; mobile: boolean }) {
  return SECTIONS[path](mobile);
}

function useTitle(path: MenuPath | null) {
  useEffect(() => {
    const before = document.title;
    document.title = `${path ? `${M.menu[path]} - ` : ''}${M.title} | ${T.brand}`;
    return () => {
      document.title = before;
    };
  }, [path]);
}

/** Who is logged in, above the menu. */
function MenuCard() {
  const { userInfo } = useSession();
  if (!userInfo) return null;
  const company = userInfo.companyInfo;
  return (
    <div className="mg-menu-card">
      <b>{userInfo.name}</b>
      <span className="mg-menu-company">{company?.name ?? userInfo.companyName}</span>
      <span className="mg-menu-badges">
        {company && <span className={`level-badge level-${company.level}`}>{COMPANY_LEVEL_NAMES[company.level]}</span>}
        <span className={`mg-type-badge${userInfo.type === MEMBER_TYPE_MAIN ? ' main-account' : ''}`}>
          {userInfo.type === MEMBER_TYPE_MAIN ? M.mainAccount : M.subAccount}
        </span>
      </span>
    </div>
  );
}

/**
 * The member area on the desktop (docs/requirements.md#member-area): /management/:path with the entries the member may
 * open; the first opens by default and a path not allowed goes to it.
 */
export function ManagementPage() {
  const { path } = useParams();
  const { userInfo } = useSession();
  const allowed = userInfo ? allowedMenu(userInfo.type) : [];
  const current = isMenuPath(path) && allowed.includes(path) ? path : null;
  useTitle(current);
  // Logged out: the routing guard sends the visitor home.
  if (!userInfo) return null;
  if (!userInfo.companyInfo) return <StaffNote className="page panel mg-staff-note" />;
  if (!current) return <LeaveEntry to={desktopLink(allowed[0]!)} mainOnly={isMenuPath(path)} />;
  return (
    <div className="page mg-layout">
      <aside className="mg-side">
        <h1 className="mg-side-title">{M.title}</h1>
        <MenuCard />
        {userInfo.companyInfo && (
          <Suspense fallback={null}>
            <QrLoginButton />
          </Suspense>
        )}
        <nav aria-label={M.menuLabel}>
          <ul className="mg-menu">
            {allowed.map((p) => (
              <li key={p}>
                <NavLink to={desktopLink(p)} className={({ isActive }) => (isActive ? 'active' : undefined)}>
                  {M.menu[p]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <section className="panel mg-content" aria-label={M.menu[current]}>
        {userInfo.companyInfo ? (
          <Section key={current} path={current} mobile={false} />
        ) : (
          <p className="notice-warn">{M.companyOnly}</p>
        )}
      </section>
    </div>
  );
}

/**
 * The member area on a phone (/mobileManagement): the entries as a list; ?menu=path opens one in
 * a single column with a way back to the list.
 */
export function MobileManagementPage() {
  const [params] = useSearchParams();
  const { userInfo } = useSession();
  const allowed = userInfo ? allowedMenu(userInfo.type) : [];
  const menu = params.get('menu');
  const current = isMenuPath(menu) && allowed.includes(menu) ? menu : null;
  useTitle(current);
  if (!userInfo) return null;
  if (!userInfo.companyInfo) return <StaffNote className="m-page mg-mobile mg-staff-note" />;
  if (menu !== null && !current) return <LeaveEntry to={PATHS.management[1]} mainOnly={isMenuPath(menu)} />;
  if (!current) {
    return (
      <section className="m-page mg-mobile">
        <h1>{M.title}</h1>
        <MenuCard />
        {/* The phone is where a QR login ends, so it offers none; it offers the catalogue instead. */}
        {userInfo.companyInfo && (
          <Link to={MOBILE_EPC_PATH} className="mg-m-epc">
            <span className="mg-m-menu-name">{T.topBar.epcCatalogue}</span>
            <span className="mg-m-menu-hint">{T.topBar.epcHint}</span>
            <span className="mg-m-menu-arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        )}
        <nav aria-label={M.menuLabel}>
          <ul className="mg-m-menu">
            {allowed.map((p) => (
              <li key={p}>
                <Link to={mobileLink(p)}>
                  <span className="mg-m-menu-name">{M.menu[p]}</span>
                  <span className="mg-m-menu-hint">{M.menuHints[p]}</span>
                  <span className="mg-m-menu-arrow" aria-hidden="true">
                    ›
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
    );
  }
  return (
    <section className="m-page mg-mobile m-board" aria-label={M.menu[current]}>
      <Link to="/mobileManagement" className="mg-m-back">
        ‹ {M.backToMenu}
      </Link>
      {userInfo.companyInfo ? (
        <Section key={current} path={current} mobile />
      ) : (
        <p className="notice-warn">{M.companyOnly}</p>
      )}
    </section>
  );
}
