/** Where the routing guard of spec 1 §2 sends a path, or null to stay. */
const TO_MOBILE: Record<string, string> = {
  '/home': '/mobile',
  '/login': '/mobileLogin',
  '/join': '/mobileJoin',
  '/memberIdInq': '/mobileMemberIdInq',
  '/memberPwInq': '/mobileJoin',
  '/notice': '/noticem',
  '/cart': '/cartm',
  '/checkOut': '/checkOutm',
  '/checkOutFinish': '/mobileCheckOutFinish',
  '/inquiry': '/mobileInquiry',
  '/map': '/mobileMap',
  '/policy': '/mobileService',
  '/privacy': '/mobileService',
  '/management': '/mobileManagement',
};
const TO_DESKTOP: Record<string, string> = {
  '/mobile': '/home',
  '/mobileLogin': '/login',
};
/** Routes a logged-out visitor may not see: sent home. */
const MEMBER_ONLY = [
  '/cart',
  '/cartm',
  '/checkOut',
  '/checkOutm',
  '/checkOutFinish',
  '/mobileCheckOutFinish',
  '/management',
  '/mobileManagement',
  '/ordersm',
];

export function isMemberOnly(pathname: string): boolean {
  return MEMBER_ONLY.some((p) => pathname === p || pathname.startsWith(p + '/'));
}

export function guardRedirect(pathname: string, search: string, phone: boolean, loggedIn: boolean): string | null {
  if (!loggedIn && isMemberOnly(pathname)) return '/home';
  const base = '/' + (pathname.split('/')[1] ?? '');
  if (phone && TO_MOBILE[base]) {
    // /notice/12 keeps its id on /noticem/12; other paths keep only the query.
    const rest = base === '/notice' ? pathname.slice(base.length) : '';
    // /management/chargeCash opens the same entry on /mobileManagement?menu=chargeCash.
    const menu = base === '/management' ? pathname.split('/')[2] : undefined;
    if (menu) return `${TO_MOBILE[base]}?menu=${encodeURIComponent(menu)}`;
    return TO_MOBILE[base] + rest + search;
  }
  if (!phone && TO_DESKTOP[pathname]) return TO_DESKTOP[pathname] + search;
  return null;
}
