import { MEMBER_TYPE_MAIN } from '@partsmall/contract';

/**
 * The member-area entries, in menu order, and whether only the main account has them
 * (docs/requirements.md#member-area). 회사 정보 is open to sub-accounts, who read it
 * (docs/requirements.md#paperwork-screens); so is 외상 거래, which the server shows a sub-account only
 * when the main account allowed it (docs/requirements.md#credit).
 */
const ENTRIES = {
  profile: 'all',
  editMyInfo: 'all',
  orders: 'all',
  favorites: 'all',
  deliveryAddress: 'all',
  myVehicles: 'all',
  notifySettings: 'all',
  editCompanyInfo: 'all',
  users: 'main',
  chargeCash: 'main',
  cashPayments: 'main',
  cashLedger: 'main',
  monthlyStatement: 'main',
  taxInvoices: 'main',
  credit: 'all',
  buyLicense: 'main',
  licensePayments: 'main',
  setSecurity: 'main',
  memberDeactivation: 'all',
} as const satisfies Record<string, 'all' | 'main'>;

export const MENU_PATHS = Object.keys(ENTRIES) as (keyof typeof ENTRIES)[];

export const MENU = MENU_PATHS.map((path) => ({ path, mainOnly: ENTRIES[path] === 'main' }));

export type MenuPath = (typeof MENU_PATHS)[number];

/** The entries a member of this type may open, in menu order. */
export function allowedMenu(memberType: number): MenuPath[] {
  const main = memberType === MEMBER_TYPE_MAIN;
  return MENU.filter((m) => main || !m.mainOnly).map((m) => m.path);
}

export function isMenuPath(value: string | null | undefined): value is MenuPath {
  return MENU.some((m) => m.path === value);
}
