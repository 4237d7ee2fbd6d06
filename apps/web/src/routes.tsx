import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { FindIdPage } from './features/auth/FindIdPage';
import { FindPwPage } from './features/auth/FindPwPage';
import { JoinPage } from './features/auth/JoinPage';
import { JoinSubPage } from './features/auth/JoinSubPage';
import { LoginPage } from './features/auth/LoginPage';
import { MobileServicePage, PolicyPage, PrivacyPage } from './features/legal/LegalPages';
import { HomePage } from './features/products/HomePage';
import { MobileHome } from './features/products/MobileHome';
import { ProductDetailPage } from './features/products/ProductDetailPage';
import { ProductPartPopup } from './features/products/ProductPartPopup';
import { ProductViewRedirect } from './features/products/ProductViewRedirect';
import { CalendarPage } from './features/calendar/CalendarPage';
import { CarInfoPage } from './features/carinfo/CarInfoPage';
import { InquiryPage } from './features/inquiry/InquiryPage';
import { ManagementPage, MobileManagementPage } from './features/management/ManagementPage';
import { MapPage } from './features/map/MapPage';
import { NoticeDetailPage } from './features/notices/NoticeDetailPage';
import { NoticeListPage } from './features/notices/NoticeListPage';
import { CartPage } from './features/cart/CartPage';
import { CheckoutFinishPage } from './features/checkout/CheckoutFinishPage';
import { CheckoutPage } from './features/checkout/CheckoutPage';
import { MobileOrdersPage } from './features/orders/MobileOrdersPage';
import { OrderDetailPopup } from './features/orders/OrderDetailPopup';
import { AppFrame, BareLayout, DesktopLayout, MobileLayout } from './features/shell/layouts';
import { NotFound } from './features/shell/NotFound';
import { Preparing } from './shared/ui/Preparing';

/**
 * Every route of both route tables (spec 1 §2, spec 2 §2). Capabilities of later issues show
 * the '준비 중' page until they land.
 */
const later = (title: string) => <Preparing title={title} />;

export const routes: RouteObject[] = [
  {
    element: <AppFrame />,
    children: [
      { path: '/', element: <Navigate to="/home" replace /> },
      {
        element: <DesktopLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/join', element: <JoinPage /> },
          { path: '/JoinSub', element: <JoinSubPage /> },
          { path: '/memberIdInq', element: <FindIdPage /> },
          { path: '/memberPwInq', element: <FindPwPage /> },
          { path: '/inquiry', element: <InquiryPage /> },
          { path: '/policy', element: <PolicyPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/notice', element: <NoticeListPage /> },
          { path: '/notice/:id', element: <NoticeDetailPage /> },
          { path: '/map', element: <MapPage /> },
          { path: '/cart', element: <CartPage /> },
          { path: '/checkOut', element: <CheckoutPage /> },
          { path: '/checkOutFinish', element: <CheckoutFinishPage /> },
          { path: '/productDetail/:id?', element: <ProductDetailPage /> },
          { path: '/productView/:id?', element: <ProductViewRedirect /> },
          { path: '/carInfo', element: <CarInfoPage /> },
          { path: '/test', element: <CalendarPage /> },
          { path: '/management/:path?', element: <ManagementPage /> },
          { path: '/chatStart/:route?', element: later('채팅 상담') },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: <MobileLayout />,
        children: [
          { path: '/mobile', element: <MobileHome /> },
          { path: '/mobileLogin', element: <LoginPage mobile /> },
          { path: '/mobileJoin', element: <JoinPage mobile /> },
          { path: '/mobileMemberIdInq', element: <FindIdPage mobile /> },
          { path: '/mobileInquiry', element: <InquiryPage mobile /> },
          { path: '/mobileService', element: <MobileServicePage /> },
          { path: '/noticem', element: <NoticeListPage mobile /> },
          { path: '/noticem/:id', element: <NoticeDetailPage mobile /> },
          { path: '/mobileNotice/:id', element: <NoticeDetailPage mobile /> },
          { path: '/mobileMap', element: <MapPage mobile /> },
          { path: '/cartm', element: <CartPage mobile /> },
          { path: '/checkOutm', element: <CheckoutPage mobile /> },
          { path: '/mobileCheckOutFinish', element: <CheckoutFinishPage mobile /> },
          { path: '/ordersm', element: <MobileOrdersPage /> },
          { path: '/mobileManagement', element: <MobileManagementPage /> },
          { path: '/chatMobile', element: later('채팅 상담') },
          { path: '/mobileEpcMain', element: later('부품 카탈로그') },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          { path: '/orderDetail', element: <OrderDetailPopup /> },
          { path: '/productPart', element: <ProductPartPopup /> },
          { path: '/chat', element: later('채팅 상담') },
          { path: '/chatAdmin', element: later('상담 콘솔') },
          { path: '/epcMain/*', element: later('부품 카탈로그') },
        ],
      },
    ],
  },
];
