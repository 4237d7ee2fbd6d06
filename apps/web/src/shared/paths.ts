import { createContext, useContext } from 'react';

/**
 * Every screen that has a desktop and a mobile route, once (docs/requirements.md#routes): [desktop,
 * mobile]. Screens link with pathFor(name, mobile); the routing guard reads the same pairs.
 */
export const PATHS = {
  home: ['/home', '/mobile'],
  login: ['/login', '/mobileLogin'],
  join: ['/join', '/mobileJoin'],
  findId: ['/memberIdInq', '/mobileMemberIdInq'],
  findPw: ['/memberPwInq', '/mobileJoin?tab=findPw'],
  inquiry: ['/inquiry', '/mobileInquiry'],
  policy: ['/policy', '/mobileService'],
  privacy: ['/privacy', '/mobileService?tab=privacy'],
  notice: ['/notice', '/noticem'],
  map: ['/map', '/mobileMap'],
  cart: ['/cart', '/cartm'],
  quickOrder: ['/quickOrder', '/mobileQuickOrder'],
  checkout: ['/checkOut', '/checkOutm'],
  checkoutFinish: ['/checkOutFinish', '/mobileCheckOutFinish'],
  management: ['/management', '/mobileManagement'],
  chat: ['/chatStart', '/chatMobile'],
} as const satisfies Record<string, readonly [string, string]>;

export type PathName = keyof typeof PATHS;

/** The parts catalogue on a phone (the desktop opens /epcMain as a window of its own). */
export const MOBILE_EPC_PATH = '/mobileEpcMain';

/** The staff chat console (a window of its own on the desktop, a page on a phone) and the back office. */
export const STAFF_CONSOLE_PATH = '/chatAdmin';
export const BACK_OFFICE_PATH = '/admin';

export function pathFor(name: PathName, mobile: boolean): string {
  return PATHS[name][mobile ? 1 : 0];
}

/** A member-area entry: /management/{menu} on the desktop, /mobileManagement?menu={menu} on phones. */
export function managementPath(menu: string, mobile: boolean): string {
  return mobile ? `/mobileManagement?menu=${encodeURIComponent(menu)}` : `/management/${menu}`;
}

/** True inside the mobile layout: its screens link to the mobile routes. */
export const MobileContext = createContext(false);

export function useMobile(): boolean {
  return useContext(MobileContext);
}
