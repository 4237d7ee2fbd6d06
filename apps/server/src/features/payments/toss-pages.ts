import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { MSG_PROVIDER, SHOP_NAME, formatWon } from '@partsmall/contract';
import { escapeHtml, layout } from './page.js';
import type { PaymentRow } from './service.js';
import { TOSS_PAGE_PREFIX, TOSS_VIRTUAL_ACCOUNT_HOURS, bankName, type TossGateway, type TossPayment } from './toss.js';

// The Toss pages the shop serves itself (toss-routes.ts answers with them): the payment window's
// popup and the virtual account to pay into.

/** The Toss pages' security headers: the SDK's origin and Toss's frames allowed, nothing else. */
export function sendTossPage(reply: FastifyReply, status: number, sdkUrl: string, html: (nonce: string) => string) {
  const nonce = randomBytes(16).toString('base64');
  const sdkOrigin = new URL(sdkUrl).origin;
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}' ${sdkOrigin}; style-src 'nonce-${nonce}' 'unsafe-inline'; ` +
        `connect-src ${sdkOrigin} https://*.tosspayments.com; frame-src https://*.tosspayments.com; img-src https: data:; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html(nonce));
}

/** JSON inside a <script type="application/json">: '<' escaped so the text can never close the element. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * The cash receipt a virtual-account top-up asks Toss for: none. The buyers are businesses, and
 * what they buy with the cash gets its 전자세금계산서 when it ships (docs/requirements.md#tax-invoices);
 * a 소득공제 receipt (a consumer's) would be wrong, and any receipt for the deposit would report the
 * same supply a second time.
 */
const VIRTUAL_ACCOUNT_CASH_RECEIPT = '미발행';

/** The popup page: opens Toss's payment window for the stored order (card or virtual account). */
export function windowPage(
  p: PaymentRow,
  gateway: TossGateway,
  publicUrl: string,
  ownOrigin: boolean,
  nonce: string,
  buyer?: { email: string; name: string },
): string {
  const order = {
    customerEmail: buyer?.email ?? null,
    customerName: buyer?.name ?? null,
    clientKey: gateway.settings.clientKey,
    method: p.pgcode === 'banktransfer' ? 'VIRTUAL_ACCOUNT' : 'CARD',
    amount: p.amount,
    orderId: p.gatewayId,
    orderName: p.productName,
    successUrl: `${publicUrl}${TOSS_PAGE_PREFIX}/success`,
    failUrl: `${publicUrl}${TOSS_PAGE_PREFIX}/fail`,
    // Without PUBLIC_URL the window was opened at the shop page's own address: Toss returns there.
    ownOrigin,
  };
  const body = `<h1>${SHOP_NAME} 결제</h1><p class="sub">토스페이먼츠 결제창이 열립니다.</p>
<div class="box"><dl><dt>상품명</dt><dd>${escapeHtml(p.productName)}</dd><dt>결제금액</dt><dd class="amount">${formatWon(p.amount)}</dd></dl></div>
<div class="buttons"><button type="button" id="pay">결제하기</button></div><p class="note" id="error"></p>
<script type="application/json" id="toss-order">${scriptJson(order)}</script>
<script nonce="${nonce}" src="${escapeHtml(gateway.settings.sdkUrl)}"></script>
<script nonce="${nonce}">(function(){
var o=JSON.parse(document.getElementById('toss-order').textContent);
if(o.ownOrigin){o.successUrl=location.origin+new URL(o.successUrl).pathname;o.failUrl=location.origin+new URL(o.failUrl).pathname;}
function go(){
  if(typeof TossPayments!=='function'){document.getElementById('error').textContent='결제창을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.';return;}
  var payment=TossPayments(o.clientKey).payment({customerKey:TossPayments.ANONYMOUS});
  var req={method:o.method,amount:{currency:'KRW',value:o.amount},orderId:o.orderId,orderName:o.orderName,successUrl:o.successUrl,failUrl:o.failUrl};
  if(o.customerEmail)req.customerEmail=o.customerEmail;
  if(o.customerName)req.customerName=o.customerName;
  if(o.method==='VIRTUAL_ACCOUNT')req.virtualAccount={validHours:${TOSS_VIRTUAL_ACCOUNT_HOURS},cashReceipt:{type:'${VIRTUAL_ACCOUNT_CASH_RECEIPT}'}};
  payment.requestPayment(req).catch(function(e){document.getElementById('error').textContent=e&&e.message?e.message:'결제가 취소되었습니다.';});
}
document.getElementById('pay').addEventListener('click',go);go();
})();</script>`;
  return layout('토스페이먼츠 결제', body, nonce);
}

/**
 * The virtual account the buyer must pay into; the top-up is credited when Toss reports the deposit.
 * Its 예금주 is `holder`, the shop (Toss's customerName names the buyer who had it issued).
 */
export function depositPage(toss: TossPayment, holder: string, nonce: string): string {
  const v = toss.virtualAccount ?? {};
  const body = `<h1>가상계좌 발급</h1><p class="sub">${MSG_PROVIDER.tossWaitingForDeposit}</p>
<div class="box"><dl><dt>입금 은행</dt><dd>${escapeHtml(v.bank ?? bankName(v.bankCode))}</dd>
<dt>가상계좌</dt><dd>${escapeHtml(v.accountNumber ?? '')}</dd>
<dt>예금주</dt><dd>${escapeHtml(holder)}</dd>
<dt>입금할 금액</dt><dd class="amount">${formatWon(toss.totalAmount)}</dd>
<dt>입금 기한</dt><dd>${escapeHtml((v.dueDate ?? '').replace('T', ' ').slice(0, 16))}</dd></dl></div>`;
  return layout('가상계좌 입금 안내', body, nonce);
}
