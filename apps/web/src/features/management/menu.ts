import { MEMBER_TYPE_MAIN } from '@partsmall/contract';

/** The twelve member-area entries of spec 2 §2, in menu order; mainOnly entries are hidden from sub-accounts. */
export const MENU = [
  { path: 'profile', mainOnly: false },
  { path: 'editMyInfo', mainOnly: false },
  { path: 'orders', mainOnly: false },
  { path: 'deliveryAddress', mainOnly: false },
  { path: 'editCompanyInfo', mainOnly: true },
  { path: 'users', mainOnly: true },
  { path: 'chargeCash', mainOnly: true },
  { path: 'cashPayments', mainOnly: true },
  { path: 'buyLicense', mainOnly: true },
  { path: 'licensePayments', mainOnly: true },
  { path: 'setSecurity', mainOnly: true },
  { path: 'memberDeactivation', mainOnly: false },
] as const;

export type MenuPath = (typeof MENU)[number]['path'];

/** The entries a member of this type may open, in menu order. */
export function allowedMenu(memberType: number): MenuPath[] {
  const main = memberType === MEMBER_TYPE_MAIN;
  return MENU.filter((m) => main || !m.mainOnly).map((m) => m.path);
}

export function isMenuPath(value: string | null | undefined): value is MenuPath {
  return MENU.some((m) => m.path === value);
}
