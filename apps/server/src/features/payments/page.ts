import { MSG_MEMBER, PAYMENT_METHODS, SHOP_NAME, formatWon } from '@partsmall/contract';
import type { PaymentRow } from './service.js';
import { lapsedUnpaid, transferDue, transferLapsed, virtualAccount } from './sandbox.js';
import { seoulNow } from '../../shared/time.js';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:'Malgun Gothic','Apple SD Gothic Neo',sans-serif;background:#f4f6f9;color:#222;font-size:14px}
main{max-width:560px;margin:0 auto;padding:16px}h1{font-size:17px;margin:0 0 4px}.sub{color:#777;font-size:12px;margin:0 0 12px}
.box{background:#fff;border:1px solid #dde2ea;border-radius:6px;padding:12px 16px;margin-bottom:12px}
dl{display:grid;grid-template-columns:110px 1fr;gap:6px 8px;margin:0}dt{color:#666}dd{margin:0;font-weight:bold}
.amount{color:#d0342c}.buttons{display:flex;gap:8px;justify-content:center}form{margin:0}
button{min-width:120px;height:44px;border:0;border-radius:4px;font-size:15px;font-weight:bold;cursor:pointer;color:#fff;background:#1f5eff}
button.decline{background:#8a94a6}.result{text-align:center;word-break:keep-all;font-size:18px;font-weight:bold;padding:48px 0}
.result.ok{color:#1f5eff}.result.fail{color:#d0342c}.note{color:#777;font-size:12px;text-align:center}`;

const METHOD: Record<string, string> = {
  creditcard: PAYMENT_METHODS.creditcard,
  banktransfer: `${PAYMENT_METHODS.banktransfer}(가상계좌)`,
};

export function layout(title: string, body: string, nonce: string, closeAfterMs?: number): string {
  const script =
    closeAfterMs === undefined
      ? ''
      : `<script nonce="${nonce}">setTimeout(function(){window.close()},${closeAfterMs});</script>`;
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><main>${body}</main>${script}</body></html>`;
}

/** Why the sandbox's approve and deposit buttons do nothing in production mode. */
export const SANDBOX_APPROVE_OFF = '운영 모드에서는 테스트 결제창에서 결제를 승인할 수 없습니다.';

/** A sandbox transfer past its due time: its account takes no deposit (docs/requirements.md#payments). */
export const SANDBOX_TRANSFER_EXPIRED = '입금 기한이 지나 가상계좌가 만료되었습니다. 결제하려면 다시 신청해 주세요.';

/** A box of terms and their values (HTML), each value with its class if it has one. */
function termsBox(terms: readonly (readonly [term: string, value: string, cls?: string])[]): string {
  const rows = terms.map(([term, value, cls]) => `<dt>${term}</dt><dd${cls ? ` class="${cls}"` : ''}>${value}</dd>`);
  return `<div class="box"><dl>\n${rows.join('\n')}</dl></div>`;
}

/** The terms of a virtual account a test page shows: where to pay, how much, by when. */
function accountTerms(a: { bank: string; accountNumber: string; holder: string; amount: number; dueAt: Date }) {
  return [
    ['입금 은행', escapeHtml(a.bank)],
    ['가상계좌', escapeHtml(a.accountNumber)],
    ['예금주', escapeHtml(a.holder)],
    ['입금할 금액', formatWon(a.amount), 'amount'],
    ['입금 기한', seoulNow(a.dueAt).format('YYYY-MM-DD HH:mm')],
  ] as const;
}

/**
 * The buttons of a test page: `action(name)` is the address button `name` posts to; without
 * `approveButtons` (production mode) no button that pays or deposits is offered.
 */
export interface TestPageButtons {
  action: (name: string) => string;
  approveButtons: boolean;
}

/** A test page's button: it posts to `action(name)`. */
const postButton = ({ action }: TestPageButtons, name: string, label: string, cls = '') =>
  `<form method="post" action="${escapeHtml(action(name))}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;

/**
 * The sandbox payment page: card (approve or decline) or bank transfer (virtual account, deposit).
 * In production mode only declining is offered. A transfer past its due time offers nothing: the page
 * says its account expired.
 */
export function paymentPage(
  p: PaymentRow,
  buttons: TestPageButtons,
  nonce: string,
  holder: string,
  now = new Date(),
): string {
  const summary = termsBox([
    ['상품명', escapeHtml(p.productName)],
    ['결제금액', formatWon(p.amount), 'amount'],
    ['결제수단', METHOD[p.pgcode] ?? escapeHtml(p.pgcode)],
  ]);
  const head = `<h1>${SHOP_NAME} 결제</h1><p class="sub">테스트 결제창입니다. 실제 결제는 이루어지지 않습니다.</p>`;
  const transferAccount = () => {
    const v = virtualAccount(p.gatewayId);
    return termsBox(
      accountTerms({ ...v, accountNumber: v.account, holder, amount: p.amount, dueAt: transferDue(p.createdAt) }),
    );
  };
  // Expired, whether a late deposit was refused already or none came: the account, its due time, why.
  const expired = p.status === 'pending' ? transferLapsed(p, now) : lapsedUnpaid(p);
  if (p.status !== 'pending' && !expired) return resultPage(p.status === 'paid', nonce);
  if (expired)
    return layout(
      '계좌이체 결제',
      `${head}${summary}${transferAccount()}<p class="result fail">${SANDBOX_TRANSFER_EXPIRED}</p>`,
      nonce,
    );
  const decline = postButton(buttons, 'decline', '거절', 'decline');
  if (!buttons.approveButtons) {
    return layout(
      '테스트 결제',
      `${head}${summary}<p class="note">${SANDBOX_APPROVE_OFF}</p><div class="buttons">${decline}</div>`,
      nonce,
    );
  }
  if (p.pgcode === 'banktransfer') {
    return layout(
      '계좌이체 결제',
      `${head}${summary}${transferAccount()}<div class="buttons">${postButton(buttons, 'deposit', '입금하기')}</div>
<p class="note">입금이 확인되면 충전이 완료됩니다.</p>`,
      nonce,
    );
  }
  return layout(
    '신용카드 결제',
    `${head}${summary}<div class="buttons">${postButton(buttons, 'approve', '승인')}${decline}</div>`,
    nonce,
  );
}

/** The outcome, shown for 1.5 s before the popup closes itself. */
export function resultPage(paid: boolean, nonce: string, message?: string): string {
  const text = message ?? (paid ? MSG_MEMBER.paymentDone : MSG_MEMBER.paymentDeclined);
  return layout(
    text,
    `<p class="result ${paid ? 'ok' : 'fail'}">${escapeHtml(text)}</p><p class="note">잠시 후 창이 닫힙니다.</p>`,
    nonce,
    1500,
  );
}

export function notFoundPage(nonce: string): string {
  return layout('결제 정보 없음', `<p class="result fail">${MSG_MEMBER.paymentNotFound}</p>`, nonce);
}

/** What the demo bank page shows of a statement's virtual account. */
export interface DemoAccount {
  bank: string;
  accountNumber: string;
  holder: string;
  amount: number;
  dueAt: Date;
  /** True while its latest callback is a deposit (the page then offers to take it back). */
  deposited: boolean;
}

/**
 * The sandbox's demo bank for a statement's virtual account (docs/requirements.md#credit-deposits): its
 * buttons send the deposit callback a bank would, '입금하기' (DONE) and '입금 취소' (the bank takes the
 * deposit back: WAITING_FOR_DEPOSIT). In production mode the buttons are not offered.
 */
export function demoAccountPage(a: DemoAccount, buttons: TestPageButtons, nonce: string): string {
  const head = `<h1>${SHOP_NAME} 가상계좌 (테스트 은행)</h1><p class="sub">테스트 은행입니다. 실제 입금은 이루어지지 않습니다.</p>`;
  const box = termsBox([...accountTerms(a), ['상태', a.deposited ? '입금 완료' : '입금 대기']]);
  if (!buttons.approveButtons)
    return layout('가상계좌', `${head}${box}<p class="note">${SANDBOX_APPROVE_OFF}</p>`, nonce);
  const button = a.deposited
    ? postButton(buttons, 'reverse', '입금 취소', 'decline')
    : postButton(buttons, 'deposit', '입금하기');
  return layout('가상계좌', `${head}${box}<div class="buttons">${button}</div>`, nonce);
}
