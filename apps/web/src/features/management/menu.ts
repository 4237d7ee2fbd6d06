import { MEMBER_TYPE_MAIN } from '@partsmall/contract';

/** The member-area entries, in menu order (docs/requirements.md#member-area). */
export const MENU_PATHS = [
  'profile',
  'editMyInfo',
  'orders',
  'favorites',
  'deliveryAddress',
  'myVehicles',
  'notifySettings',
  'editCompanyInfo',
  'users',
  'chargeCash',
  'cashPayments',
  'cashLedger',
  'monthlyStatement',
  'taxInvoices',
  'credit',
  'buyLicense',
  'licensePayments',
  'setSecurity',
  'memberDeactivation',
] as const;

/** The entries hidden from sub-accounts (docs/requirements.md#member-area). */
// 회사 정보 is open to sub-accounts, who read it (docs/requirements.md#paperwork-screens); so is 외상 거래,
// which the server shows a sub-account only when the main account allowed it (docs/requirements.md#credit).
const MAIN_ONLY: ReadonlySet<string> = new Set([
  'users',
  'chargeCash',
  'cashPayments',
  'cashLedger',
  'monthlyStatement',
  'taxInvoices',
  'buyLicense',
  'licensePayments',
  'setSecurity',
]);

export const MENU = MENU_PATHS.map((path) => ({ path, mainOnly: MAIN_ONLY.has(path) }));

export type MenuPath = (typeof MENU_PATHS)[number];

/** The entries a member of this type may open, in menu order. */
export function allowedMenu(memberType: number): MenuPath[] {
  const main = memberType === MEMBER_TYPE_MAIN;
  return MENU.filter((m) => main || !m.mainOnly).map((m) => m.path);
}

export function isMenuPath(value: string | null | undefined): value is MenuPath {
  return MENU.some((m) => m.path === value);
}
