import type { UserInfo } from './auth.js';

/** Event names of the realtime channels (spec 1 §7, DESIGN.md 6). */
export const TRADE_NAMESPACE = '/trade';
export const CHAT_NAMESPACE = '/chat';

export const TRADE_EVENTS = {
  requestClientBaseInfo: 'requestClientBaseInfo',
  toClientBaseInfo: 'toClientBaseInfo',
  addToCart: 'addToCart',
  addToCartCallBack: 'addToCartCallBack',
  stateCartItem: 'stateCartItem',
  stateToCartCallBack: 'stateToCartCallBack',
  requestPaymentProduct: 'requestPaymentProduct',
  paymentFinish: 'paymentFinish',
} as const;

/** Client base info pushed over the trade channel. */
export interface ClientBaseInfo {
  carts: number;
  buys: number;
  licenseValidDays: number;
  memberLicense: number;
  memberPoint: number;
  userSearchVinCount: number;
  userInfo: UserInfo;
  token: string;
}

export interface ClientBaseInfoEvent {
  code: number;
  message?: string;
  result?: ClientBaseInfo;
}
