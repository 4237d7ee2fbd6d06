import { Suspense, lazy, type ReactNode } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ADMIN_MENU, isStaffRole, loginRequest, mayCall } from '@partsmall/contract';
import { T } from '../../shared/texts';
import { messageOf } from '../../shared/api';
import { session } from '../../shared/session';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { SideScrollTables } from '../../shared/ui/DataTable';
import { Loading } from '../../shared/ui/states';
import { useLogout } from '../auth';
import { useLogin } from '../../shared/login';
import { StaffConsoleLink } from '../chat';
import { CreditAdminPage, DepositQueuePage } from '../credit';
import { useRole } from './access';
import { A } from './texts';
import './admin.css';

const DashboardPage = lazy(() => import('./DashboardPage'));
const OrdersPage = lazy(() => import('./OrdersPage'));
const CompaniesPage = lazy(() => import('./CompaniesPage'));
const PaymentsPage = lazy(() => import('./PaymentsPage'));
const ProductsPage = lazy(() => import('./ProductsPage'));
const NoticesPage = lazy(() => import('./NoticesPage'));
const InquiriesPage = lazy(() => import('./InquiriesPage'));
const ConfigPage = lazy(() => import('./ConfigPage'));
const CataloguePage = lazy(() => import('./CataloguePage'));
const StaffPage = lazy(() => import('./StaffPage'));
const AuditPage = lazy(() => import('./AuditPage'));
const JobsPage = lazy(() => import('./JobsPage'));
const TaxInvoicesPage = lazy(() => import('./TaxInvoicesPage'));
const XrefsPage = lazy(() => import('./XrefsPage'));
const SynonymsPage = lazy(() => import('./SynonymsPage'));

const SCREENS: Record<string, ReactNode> = {
  '/admin': <DashboardPage />,
  '/admin/orders': <OrdersPage />,
  '/admin/companies': <CompaniesPage />,
  '/admin/payments': <PaymentsPage />,
  '/admin/products': <ProductsPage />,
  '/admin/notices': <NoticesPage />,
  '/admin/inquiries': <InquiriesPage />,
  '/admin/config': <ConfigPage />,
  '/admin/catalogue': <CataloguePage />,
  '/admin/staff': <StaffPage />,
  '/admin/audit': <AuditPage />,
  '/admin/jobs': <JobsPage />,
  '/admin/taxInvoices': <TaxInvoicesPage />,
  '/admin/credit': <CreditAdminPage />,
  '/admin/deposits': <DepositQueuePage />,
  '/admin/xrefs': <XrefsPage />,
  '/admin/synonyms': <SynonymsPage />,
};

/**
 * The back office at /admin (docs/requirements.md#back-office): staff and admins log in here; the menu shows the screens
 * the table of calls (ADMIN_CALLS) lets this role open. The server checks every call again.
 */
export function AdminApp() {
  const role = useRole();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!isStaffRole(role)) return <AdminLogin />;
  const menu = ADMIN_MENU.filter((m) => mayCall(role, m.call));
  return (
    <div className="admin-app">
      <aside className="admin-side" aria-label={A.kit.menu}>
        <p className="admin-brand">
          {T.brand} {A.title}
        </p>
        <nav>
          {menu.map((m) => (
            <NavLink key={m.path} to={m.path} end className={({ isActive }) => (isActive ? 'active' : undefined)}>
              {m.label}
            </NavLink>
          ))}
          <StaffConsoleLink>{A.chatConsole}</StaffConsoleLink>
        </nav>
        <div className="admin-side-foot">
          <span>
            {session.get().userInfo?.name} ({A.roles[role]})
          </span>
          <a href="/home">{A.backToShop}</a>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/admin') })}
          >
            {A.logout}
          </button>
        </div>
      </aside>
      <main className="admin-main" id="main">
        {/* Every column stays; a table wider than the page (on a phone) scrolls in its own box. */}
        <SideScrollTables.Provider value={true}>
          <Suspense fallback={<Loading className="page center" />}>
            <Routes>
              {menu.map((m) => (
                <Route
                  key={m.path}
                  path={m.path === '/admin' ? '/' : m.path.replace('/admin/', '')}
                  element={SCREENS[m.path]}
                />
              ))}
              <Route path="*" element={<NoScreen />} />
            </Routes>
          </Suspense>
        </SideScrollTables.Provider>
      </main>
    </div>
  );
}

/**
 * An address with no screen for this role: an admin-only screen says so to staff (they are logged in
 * already, as staff); any other address is not a screen at all.
 */
function NoScreen() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const adminOnly = ADMIN_MENU.some((m) => m.path === path);
  return (
    <div className="empty" role="status">
      <p>{adminOnly ? A.adminOnly : A.noScreen}</p>
      <p>
        <Link to="/admin">{A.toDashboard}</Link>
      </p>
    </div>
  );
}

function AdminLogin() {
  const form = useZodForm(loginRequest, { id: '', pw: '' });
  const login = useLogin();
  const notify = useNotify();
  const role = useRole();
  return (
    <main className="admin-login" id="main">
      <h1>{A.loginTitle}</h1>
      <p className="field-hint">{role ? A.notStaff : A.loginHint}</p>
      <Form
        form={form}
        onSubmit={(v) => login.mutate(v, { onError: (e) => void notify.alert(messageOf(e)) })}
        aria-label={A.loginTitle}
      >
        <Field name="id" label={A.id} autoComplete="username" />
        <Field name="pw" label={A.pw} type="password" autoComplete="current-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={login.isPending}>
          {A.login}
        </button>
      </Form>
    </main>
  );
}
