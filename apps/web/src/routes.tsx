import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { HomePage } from './features/products/HomePage';
import { MobileHome } from './features/products/MobileHome';
import { prefetchGrid, prefetchProduct } from './features/products/api';
import { AppFrame, BareLayout, DesktopLayout, MobileLayout } from './features/shell/layouts';
import { NotFound } from './features/shell/NotFound';
import { RouteError } from './features/shell/RouteError';
import { Loading } from './shared/ui/states';

/** Every route of the shop (docs/requirements.md#routes) and the back office. */

/**
 * Loads a page's code only when its route is first visited: the home route then downloads the
 * shop and the shell, not the member area, sign-up or checkout.
 */
function page<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    // What shows while the first visited route's code loads (a lazy route on the first paint).
    HydrateFallback: () => <Loading className="page center" />,
    // The frame's own failure (no bars to keep); a page's failure is caught inside its layout below.
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      // The back office has its own frame and menu (docs/requirements.md#back-office).
      {
        path: '/admin/*',
        ...page(
          () => import('./features/admin/AdminApp'),
          (m) => <m.AdminApp />,
        ),
      },
      {
        element: <DesktopLayout />,
        children: [
          {
            // A page that cannot load says so in Korean inside the bars (RouteError).
            errorElement: <RouteError />,
            children: [
              { path: '/home', element: <HomePage />, loader: prefetchGrid(false) },
              {
                path: '/login',
                ...page(
                  () => import('./features/auth/LoginPage'),
                  (m) => <m.LoginPage />,
                ),
              },
              {
                path: '/join',
                ...page(
                  () => import('./features/auth/JoinPage'),
                  (m) => <m.JoinPage />,
                ),
              },
              {
                path: '/JoinSub',
                ...page(
                  () => import('./features/auth/JoinSubPage'),
                  (m) => <m.JoinSubPage />,
                ),
              },
              {
                path: '/memberIdInq',
                ...page(
                  () => import('./features/auth/FindIdPage'),
                  (m) => <m.FindIdPage />,
                ),
              },
              {
                path: '/memberPwInq',
                ...page(
                  () => import('./features/auth/FindPwPage'),
                  (m) => <m.FindPwPage />,
                ),
              },
              {
                path: '/inquiry',
                ...page(
                  () => import('./features/inquiry/InquiryPage'),
                  (m) => <m.InquiryPage />,
                ),
              },
              {
                path: '/policy',
                ...page(
                  () => import('./features/legal/LegalPages'),
                  (m) => <m.PolicyPage />,
                ),
              },
              {
                path: '/privacy',
                ...page(
                  () => import('./features/legal/LegalPages'),
                  (m) => <m.PrivacyPage />,
                ),
              },
              {
                path: '/notice',
                ...page(
                  () => import('./features/notices/NoticeListPage'),
                  (m) => <m.NoticeListPage />,
                ),
              },
              {
                path: '/notice/:id',
                ...page(
                  () => import('./features/notices/NoticeDetailPage'),
                  (m) => <m.NoticeDetailPage />,
                ),
              },
              {
                path: '/map',
                ...page(
                  () => import('./features/map/MapPage'),
                  (m) => <m.MapPage />,
                ),
              },
              {
                path: '/quickOrder',
                ...page(
                  () => import('./features/quick-order/QuickOrderPage'),
                  (m) => <m.QuickOrderPage />,
                ),
              },
              {
                path: '/cart',
                ...page(
                  () => import('./features/cart/CartPage'),
                  (m) => <m.CartPage />,
                ),
              },
              {
                path: '/checkOut',
                ...page(
                  () => import('./features/checkout/CheckoutPage'),
                  (m) => <m.CheckoutPage />,
                ),
              },
              {
                path: '/checkOutFinish',
                ...page(
                  () => import('./features/checkout/CheckoutFinishPage'),
                  (m) => <m.CheckoutFinishPage />,
                ),
              },
              {
                path: '/productDetail/:id?',
                loader: prefetchProduct,
                ...page(
                  () => import('./features/products/ProductDetailPage'),
                  (m) => <m.ProductDetailPage />,
                ),
              },
              {
                path: '/productView/:id?',
                ...page(
                  () => import('./features/products/ProductViewRedirect'),
                  (m) => <m.ProductViewRedirect />,
                ),
              },
              {
                path: '/carInfo',
                ...page(
                  () => import('./features/carinfo/CarInfoPage'),
                  (m) => <m.CarInfoPage />,
                ),
              },
              {
                path: '/test',
                ...page(
                  () => import('./features/calendar/CalendarPage'),
                  (m) => <m.CalendarPage />,
                ),
              },
              {
                path: '/management/:path?',
                ...page(
                  () => import('./features/management/ManagementPage'),
                  (m) => <m.ManagementPage />,
                ),
              },
              { path: '*', element: <NotFound /> },
            ],
          },
        ],
      },
      {
        element: <MobileLayout />,
        children: [
          {
            // A page that cannot load says so in Korean inside the bars (RouteError).
            errorElement: <RouteError />,
            children: [
              {
                path: '/mobile',
                element: <MobileHome />,
                loader: prefetchGrid(true),
                // Opening or closing a product's slide is a history entry of the same address
                // (MobileHome): the grid is not asked for again. The same search sent again asks
                // for it there (MobileHome's search), as this cannot tell the two apart.
                shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
                  currentUrl.href !== nextUrl.href && defaultShouldRevalidate,
              },
              {
                path: '/mobileLogin',
                ...page(
                  () => import('./features/auth/LoginPage'),
                  (m) => <m.LoginPage mobile />,
                ),
              },
              {
                path: '/mobileJoin',
                ...page(
                  () => import('./features/auth/JoinPage'),
                  (m) => <m.JoinPage mobile />,
                ),
              },
              {
                path: '/mobileMemberIdInq',
                ...page(
                  () => import('./features/auth/FindIdPage'),
                  (m) => <m.FindIdPage mobile />,
                ),
              },
              {
                path: '/mobileInquiry',
                ...page(
                  () => import('./features/inquiry/InquiryPage'),
                  (m) => <m.InquiryPage mobile />,
                ),
              },
              {
                path: '/mobileService',
                ...page(
                  () => import('./features/legal/LegalPages'),
                  (m) => <m.MobileServicePage />,
                ),
              },
              {
                path: '/noticem',
                ...page(
                  () => import('./features/notices/NoticeListPage'),
                  (m) => <m.NoticeListPage mobile />,
                ),
              },
              {
                path: '/noticem/:id',
                ...page(
                  () => import('./features/notices/NoticeDetailPage'),
                  (m) => <m.NoticeDetailPage mobile />,
                ),
              },
              {
                path: '/mobileNotice/:id',
                ...page(
                  () => import('./features/notices/NoticeDetailPage'),
                  (m) => <m.NoticeDetailPage mobile />,
                ),
              },
              {
                path: '/mobileMap',
                ...page(
                  () => import('./features/map/MapPage'),
                  (m) => <m.MapPage mobile />,
                ),
              },
              {
                path: '/mobileQuickOrder',
                ...page(
                  () => import('./features/quick-order/QuickOrderPage'),
                  (m) => <m.QuickOrderPage mobile />,
                ),
              },
              {
                path: '/cartm',
                ...page(
                  () => import('./features/cart/CartPage'),
                  (m) => <m.CartPage mobile />,
                ),
              },
              {
                path: '/checkOutm',
                ...page(
                  () => import('./features/checkout/CheckoutPage'),
                  (m) => <m.CheckoutPage mobile />,
                ),
              },
              {
                path: '/mobileCheckOutFinish',
                ...page(
                  () => import('./features/checkout/CheckoutFinishPage'),
                  (m) => <m.CheckoutFinishPage mobile />,
                ),
              },
              {
                path: '/ordersm',
                ...page(
                  () => import('./features/orders/MobileOrdersPage'),
                  (m) => <m.MobileOrdersPage />,
                ),
              },
              {
                path: '/mobileManagement',
                ...page(
                  () => import('./features/management/ManagementPage'),
                  (m) => <m.MobileManagementPage />,
                ),
              },
              {
                path: '/chatMobile',
                ...page(
                  () => import('./features/chat/ChatPage'),
                  (m) => <m.ChatPage mobile />,
                ),
              },
              {
                path: '/mobileEpcMain',
                ...page(
                  () => import('./features/epc/EpcPage'),
                  (m) => <m.EpcPage mobile />,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            // A page that cannot load says so in Korean inside the bars (RouteError).
            errorElement: <RouteError />,
            children: [
              {
                path: '/orderDetail',
                ...page(
                  () => import('./features/orders/OrderDetailPopup'),
                  (m) => <m.OrderDetailPopup />,
                ),
              },
              {
                path: '/productPart',
                ...page(
                  () => import('./features/products/ProductPartPopup'),
                  (m) => <m.ProductPartPopup />,
                ),
              },
              {
                path: '/chatStart/:route?',
                ...page(
                  () => import('./features/chat/ChatStartRoute'),
                  (m) => <m.ChatStartRoute />,
                ),
              },
              {
                path: '/chat',
                ...page(
                  () => import('./features/chat/ChatPage'),
                  (m) => <m.ChatPage />,
                ),
              },
              {
                path: '/chatAdmin',
                ...page(
                  () => import('./features/chat/ChatAdminPage'),
                  (m) => <m.ChatAdminPage />,
                ),
              },
              // Written out (not EPC_ROUTE_PATTERN) so the build can list it for the server's 404s; route.test.ts keeps them equal.
              // The page reads its 13 positional parameters itself (optional ones would make 8,192 route branches).
              {
                path: '/epcMain/*',
                ...page(
                  () => import('./features/epc/EpcPage'),
                  (m) => <m.EpcPage />,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];
