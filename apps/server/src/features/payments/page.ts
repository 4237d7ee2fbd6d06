import { MSG_MEMBER, PAYMENT_METHODS, SHOP_NAME, formatWon } from '@partsmall/contract';
import type { PaymentRow } from './service.js';
import { VIRTUAL_ACCOUNT_HOURS, virtualAccount } from './sandbox.js';
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
button.decline{background:#8a94a6}.result{text-align:center;font-size:18px;font-weight:bold;padding:48px 0}
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

/**
 * The sandbox payment page: card (approve or decline) or bank transfer (virtual account, deposit).
 * `action(name)` is the address a button posts to; without `approveButtons` (production mode) only
 * declining is offered.
 */
export function paymentPage(
  p: PaymentRow,
  action: (name: string) => string,
  nonce: string,
  approveButtons = true,
): string {
  const summary = `<div class="box"><dl>
<dt>상품명</dt><dd>${escapeHtml(p.productName)}</dd>
<dt>결제금액</dt><dd class="amount">${formatWon(p.amount)}</dd>
<dt>결제수단</dt><dd>${METHOD[p.pgcode] ?? escapeHtml(p.pgcode)}</dd></dl></div>`;
  const head = `<h1>${SHOP_NAME} 결제</h1><p class="sub">테스트 결제창입니다. 실제 결제는 이루어지지 않습니다.</p>`;
  if (p.status !== 'pending') return resultPage(p.status === 'paid', nonce);
  const form = (name: string, label: string, cls = '') =>
    `<form method="post" action="${escapeHtml(action(name))}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  if (!approveButtons) {
    return layout(
      '테스트 결제',
      `${head}${summary}<p class="note">${SANDBOX_APPROVE_OFF}</p><div class="buttons">${form('decline', '거절', 'decline')}</div>`,
      nonce,
    );
  }
  if (p.pgcode === 'banktransfer') {
    const v = virtualAccount(p.gatewayId);
    const account = `<div class="box"><dl>
<dt>입금 은행</dt><dd>${v.bank}</dd>
<dt>가상계좌</dt><dd>${v.account}</dd>
<dt>예금주</dt><dd>${v.holder}</dd>
<dt>입금할 금액</dt><dd class="amount">${formatWon(p.amount)}</dd>
<dt>입금 기한</dt><dd>${seoulNow(p.createdAt).add(VIRTUAL_ACCOUNT_HOURS, 'hour').format('YYYY-MM-DD HH:mm')}</dd></dl></div>`;
    return layout(
      '계좌이체 결제',
      `${head}${summary}${account}<div class="buttons">${form('deposit', '입금하기')}</div>
<p class="note">입금이 확인되면 충전이 완료됩니다.</p>`,
      nonce,
    );
  }
  return layout(
    '신용카드 결제',
    `${head}${summary}<div class="buttons">${form('approve', '승인')}${form('decline', '거절', 'decline')}</div>`,
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
export function demoAccountPage(
  a: DemoAccount,
  action: (name: string) => string,
  nonce: string,
  approveButtons = true,
): string {
  const head = `<h1>${SHOP_NAME} 가상계좌 (테스트 은행)</h1><p class="sub">테스트 은행입니다. 실제 입금은 이루어지지 않습니다.</p>`;
  const box = `<div class="box"><dl>
<dt>입금 은행</dt><dd>${escapeHtml(a.bank)}</dd>
<dt>가상계좌</dt><dd>${escapeHtml(a.accountNumber)}</dd>
<dt>예금주</dt><dd>${escapeHtml(a.holder)}</dd>
<dt>입금할 금액</dt><dd class="amount">${formatWon(a.amount)}</dd>
<dt>입금 기한</dt><dd>${seoulNow(a.dueAt).format('YYYY-MM-DD HH:mm')}</dd>
<dt>상태</dt><dd>${a.deposited ? '입금 완료' : '입금 대기'}</dd></dl></div>`;
  if (!approveButtons) return layout('가상계좌', `${head}${box}<p class="note">${SANDBOX_APPROVE_OFF}</p>`, nonce);
  const form = (name: string, label: string, cls = '') =>
    `<form method="post" action="${escapeHtml(action(name))}"><button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  const button = a.deposited ? form('reverse', '입금 취소', 'decline') : form('deposit', '입금하기');
  return layout('가상계좌', `${head}${box}<div class="buttons">${button}</div>`, nonce);
}
