import { PATHS, type PathName } from '../../shared/paths';

/** Screens the routing guard (docs/requirements.md#routing-guard) sends phones to (chat has its own entry flow). */
const GUARDED: PathName[] = [
  'home',
  'login',
  'join',
  'findId',
  'findPw',
  'notice',
  'cart',
  'quickOrder',
  'checkout',
  'checkoutFinish',
  'inquiry',
  'map',
  'policy',
  'privacy',
  'management',
];

/** Desktop path → mobile route, with the query a mobile path may carry (?tab=findPw: its tab). */
const TO_MOBILE: Record<string, string> = Object.fromEntries(GUARDED.map((name) => [PATHS[name][0], PATHS[name][1]]));

/** The mobile route's own query first (its tab), then the desktop address's other parameters. */
function withQuery(mobile: string, rest: string, search: string): string {
  const [path, own = ''] = mobile.split('?');
  const query = new URLSearchParams(own);
  for (const [key, value] of new URLSearchParams(search)) if (!query.has(key)) query.append(key, value);
  const text = query.toString();
  return path! + rest + (text ? `?${text}` : '');
}
/** Desktop browsers asking for these are sent to the desktop site. */
const TO_DESKTOP: Record<string, string> = { [PATHS.home[1]]: PATHS.home[0], [PATHS.login[1]]: PATHS.login[0] };

/** Routes a logged-out visitor may not see: sent home (to login when the session expired on it). */
const MEMBER_ONLY = [
  ...(['cart', 'quickOrder', 'checkout', 'checkoutFinish', 'management'] as const).flatMap((name) => PATHS[name]),
  '/ordersm',
];

export function isMemberOnly(pathname: string): boolean {
  return MEMBER_ONLY.some((p) => pathname === p || pathname.startsWith(p + '/'));
}

/**
 * Where the routing guard sends a path, or null to stay. `expiredHere`: the tab's session expired
 * on this very screen (a 401), which goes to login, not home as after a logout
 * (docs/requirements.md#accounts-and-sessions).
 */
export function guardRedirect(
  pathname: string,
  search: string,
  phone: boolean,
  loggedIn: boolean,
  expiredHere = false,
): string | null {
  if (!loggedIn && isMemberOnly(pathname)) return expiredHere ? PATHS.login[phone ? 1 : 0] : PATHS.home[0];
  const base = '/' + (pathname.split('/')[1] ?? '');
  const mobile = TO_MOBILE[base];
  if (phone && mobile) {
    // /management/chargeCash opens the same entry on /mobileManagement?menu=chargeCash.
    const menu = base === PATHS.management[0] ? pathname.split('/')[2] : undefined;
    if (menu) return `${mobile}?menu=${encodeURIComponent(menu)}`;
    // /notice/12 keeps its id on /noticem/12; other paths keep only the query.
    const rest = base === PATHS.notice[0] ? pathname.slice(base.length) : '';
    return withQuery(mobile, rest, search);
  }
  const desktop = TO_DESKTOP[pathname];
  if (!phone && desktop) return desktop + search;
  return null;
}
