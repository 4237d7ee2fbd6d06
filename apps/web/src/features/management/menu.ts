import { MEMBER_TYPE_MAIN } from '@partsmall/contract';

/** The twelve member-area entries of spec 2 §2, in menu order. */
export const MENU_PATHS = [
  'profile',
  'editMyInfo',
  'orders',
  'deliveryAddress',
  'editCompanyInfo',
  'users',
  'chargeCash',
  'cashPayments',
  'buyLicense',
  'licensePayments',
  'setSecurity',
  'memberDeactivation',
] as const;

/** The entries hidden from sub-accounts (spec 2 §2 table, §6). */
const MAIN_ONLY: ReadonlySet<string> = new Set(['editCompanyInfo', 'users', 'chargeCash', 'cashPayments', 'buyLicense', 'licensePayments', 'setSecurity']);

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
