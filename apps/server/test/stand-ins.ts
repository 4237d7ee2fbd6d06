import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the real providers, answering as their public documentation says. No test
 * reaches the network: the server under test is pointed at these with TOSS_API_URL / SOLAPI_API_URL.
 */

interface StandIn {
  url: string;
  close(): Promise<void>;
}

export async function listen(
  handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void | Promise<void>,
): Promise<StandIn & { server: http.Server }> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => void handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export interface TossStandInPayment {
  paymentKey: string;
  orderId: string;
  status: string;
  totalAmount: number;
  method: '카드' | '가상계좌';
  secret: string | null;
  virtualAccount: { accountNumber: string; bankCode: string; customerName: string; dueDate: string } | null;
}

/** What the next calls do: answer, refuse with a Toss error, or do the work and answer too late. */
export type TossBehaviour =
  | { kind: 'normal' }
  | { kind: 'refuse'; status: number; code: string; message: string }
  | { kind: 'late'; afterMs: number }
  | { kind: 'down' };

/**
 * Toss Payments Core API stand-in, written from Toss's API reference: POST /v1/payments/confirm,
 * POST /v1/payments/{paymentKey}/cancel, POST /v1/virtual-accounts (가상계좌 발급, with its DEPOSIT_CALLBACK bodies from `depositInto`),
 * GET /v1/payments/{paymentKey}, GET /v1/payments/orders/{orderId}, Basic auth with the secret key.
 * `authorise` plays the buyer in the payment window (Toss then holds the payment IN_PROGRESS until
 * the shop confirms it). An Idempotency-Key is honoured as Toss's guide describes it: the first
 * answer of a key (with the same secret key, URL and method, whatever the body) is answered again
 * to every later request of that key; while the first is still being processed, a request of the
 * same key gets 409 IDEMPOTENT_REQUEST_PROCESSING.
 */
export async function tossStandIn(secretKey: string) {
  const payments = new Map<string, TossStandInPayment>();
  const calls: {
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body: unknown;
  }[] = [];
  let confirmBehaviour: TossBehaviour = { kind: 'normal' };
  let fetchBehaviour: TossBehaviour = { kind: 'normal' };
  let issueBehaviour: TossBehaviour = { kind: 'normal' };
  /** Calls kept waiting while Toss still works on them (holdConfirms, holdIssues): their key is 'processing'. */
  const holds: Record<'confirm' | 'issue', { arrived: number; gate: Promise<void> } | null> = {
    confirm: null,
    issue: null,
  };
  const waitIfHeld = async (which: 'confirm' | 'issue') => {
    const held = holds[which];
    if (!held) return;
    held.arrived += 1;
    await held.gate;
  };
  const hold = (which: 'confirm' | 'issue') => {
    let open = () => {};
    const held = { arrived: 0, gate: new Promise<void>((resolve) => (open = resolve)) };
    holds[which] = held;
    return {
      arrived: () => held.arrived,
      release() {
        holds[which] = null;
        open();
      },
    };
  };
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  /** Answers by idempotency key (secret key, key, method, URL): 'processing' while the first runs. */
  const idempotent = new Map<string, { status: number; body: unknown } | 'processing'>();

  /**
   * Does the work of a call and answers it as `behaviour` says. The answer of a keyed call is kept
   * as soon as Toss has it (before a late answer is written, even if the caller gave up waiting);
   * a dropped connection or a 5xx keeps nothing, so the key can be used again.
   */
  const answer = async (
    res: http.ServerResponse,
    behaviour: TossBehaviour,
    slot: string | null,
    work: () => [number, unknown],
  ) => {
    const keep = (status: number, body: unknown) => {
      if (!slot) return;
      if (status < 500) idempotent.set(slot, { status, body });
      else idempotent.delete(slot);
    };
    if (behaviour.kind === 'down') {
      if (slot) idempotent.delete(slot);
      res.socket?.destroy();
      return;
    }
    if (behaviour.kind === 'refuse') {
      const body = { code: behaviour.code, message: behaviour.message };
      keep(behaviour.status, body);
      return json(res, behaviour.status, body);
    }
    const [status, body] = work();
    keep(status, body);
    if (behaviour.kind === 'late') await new Promise((r) => setTimeout(r, behaviour.afterMs));
    if (!res.destroyed) json(res, status, body);
  };

  const standIn = await listen(async (req, raw, res) => {
    const path = req.url ?? '';
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    calls.push({ method: req.method ?? '', path, authorization: req.headers.authorization, idempotencyKey, body });
    if (req.headers.authorization !== expectedAuth) {
      return json(res, 401, {
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
      });
    }
    const slot = idempotencyKey ? `${req.headers.authorization} ${idempotencyKey} ${req.method} ${path}` : null;
    if (slot) {
      const before = idempotent.get(slot);
      if (before === 'processing')
        return json(res, 409, { code: 'IDEMPOTENT_REQUEST_PROCESSING', message: '이전 멱등 요청이 처리 중입니다.' });
      if (before) return json(res, before.status, before.body);
      idempotent.set(slot, 'processing');
    }
    if (req.method === 'POST' && path === '/v1/payments/confirm') {
      const { paymentKey, orderId, amount } = body as { paymentKey: string; orderId: string; amount: number };
      // Toss still working on it (the card company not answered yet): the key is being processed.
      await waitIfHeld('confirm');
      if (confirmBehaviour.kind === 'refuse') {
        const p = payments.get(paymentKey);
        if (p && confirmBehaviour.code === 'REJECT_CARD_PAYMENT') p.status = 'ABORTED';
      }
      return answer(res, confirmBehaviour, slot, () => {
        const p = payments.get(paymentKey);
        if (!p || p.orderId !== orderId)
          return [
            404,
            {
              code: 'NOT_FOUND_PAYMENT_SESSION',
              message: '결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.',
            },
          ];
        if (p.status !== 'IN_PROGRESS')
          return [400, { code: 'ALREADY_PROCESSED_PAYMENT', message: '이미 처리된 결제 입니다.' }];
        if (p.totalAmount !== amount) return [400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' }];
        p.status = p.method === '가상계좌' ? 'WAITING_FOR_DEPOSIT' : 'DONE';
        return [200, { ...p }];
      });
    }
    // 가상계좌 발급 요청 (POST /v1/virtual-accounts): amount, orderId, orderName, customerName, bank
    // required; validHours or dueDate, at most 30 days ahead; an orderId used before is refused.
    if (req.method === 'POST' && path === '/v1/virtual-accounts') {
      await waitIfHeld('issue');
      return answer(res, issueBehaviour, slot, () => {
        const b = (body ?? {}) as Record<string, unknown>;
        const missing = ['amount', 'orderId', 'orderName', 'customerName', 'bank'].filter((k) => b[k] === undefined);
        const orderId = String(b.orderId ?? '');
        const due = typeof b.dueDate === 'string' ? Date.parse(b.dueDate) : Date.now() + 7 * 86400_000;
        if (
          missing.length > 0 ||
          !/^[A-Za-z0-9_-]{6,64}$/.test(orderId) ||
          typeof b.amount !== 'number' ||
          Number.isNaN(due) ||
          due > Date.now() + 30 * 86400_000
        )
          return [400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' }];
        if ([...payments.values()].some((x) => x.orderId === orderId))
          return [400, { code: 'DUPLICATED_ORDER_ID', message: '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.' }];
        const p: TossStandInPayment = {
          paymentKey: `tva_${randomBytes(10).toString('hex')}`,
          orderId,
          status: 'WAITING_FOR_DEPOSIT',
          totalAmount: b.amount,
          method: '가상계좌',
          secret: `ps_${randomBytes(12).toString('hex')}`,
          virtualAccount: {
            accountNumber: `X${String(70000000000000 + payments.size)}`,
            bankCode: String(b.bank),
            customerName: String(b.customerName),
            dueDate: new Date(due + 9 * 3600_000).toISOString().slice(0, 19) + '+09:00',
          },
        };
        payments.set(p.paymentKey, p);
        return [200, { ...p }];
      });
    }
    // 결제 취소 (POST /v1/payments/{paymentKey}/cancel, cancelReason): a card is refunded; a virtual
    // account not paid into closes; one paid into needs refundReceiveAccount, without it a refusal.
    const toCancel = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && toCancel) {
      return answer(res, { kind: 'normal' }, slot, () => {
        const p = payments.get(decodeURIComponent(toCancel[1]!));
        const b = (body ?? {}) as Record<string, unknown>;
        if (!p) return [404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' }];
        if (typeof b.cancelReason !== 'string' || !b.cancelReason)
          return [400, { code: 'INVALID_REQUEST', message: '잘못된 요청입니다.' }];
        if (p.status === 'CANCELED')
          return [400, { code: 'ALREADY_CANCELED_PAYMENT', message: '이미 취소된 결제 입니다.' }];
        const paidIn = p.method === '가상계좌' && p.status === 'DONE';
        if (paidIn && !b.refundReceiveAccount)
          return [400, { code: 'INVALID_REFUND_ACCOUNT_INFO', message: '환불 계좌 정보가 올바르지 않습니다.' }];
        if (!['DONE', 'WAITING_FOR_DEPOSIT'].includes(p.status))
          return [403, { code: 'NOT_CANCELABLE_PAYMENT', message: '취소 할 수 없는 결제 입니다.' }];
        p.status = 'CANCELED';
        return [200, { ...p }];
      });
    }
    const byKey = /^\/v1\/payments\/([^/]+)$/.exec(path);
    const byOrder = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && (byKey || byOrder)) {
      return answer(res, fetchBehaviour, slot, () => {
        const p = byOrder
          ? [...payments.values()].find((x) => x.orderId === decodeURIComponent(byOrder[1]!))
          : payments.get(decodeURIComponent(byKey![1]!));
        return p ? [200, { ...p }] : [404, { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' }];
      });
    }
    if (slot) idempotent.delete(slot);
    return json(res, 404, { code: 'NOT_FOUND', message: '존재하지 않는 정보 입니다.' });
  });

  return {
    ...standIn,
    calls,
    payments,
    /** The buyer finished the window: Toss hands the success URL a fresh paymentKey. */
    authorise(
      orderId: string,
      amount: number,
      method: '카드' | '가상계좌' = '카드',
      paidAmount = amount,
    ): TossStandInPayment {
      const p: TossStandInPayment = {
        paymentKey: `tgen_${randomBytes(10).toString('hex')}`,
        orderId,
        status: 'IN_PROGRESS',
        totalAmount: paidAmount,
        method,
        secret: method === '가상계좌' ? `ps_${randomBytes(10).toString('hex')}` : null,
        virtualAccount:
          method === '가상계좌'
            ? {
                accountNumber: '56211802314051',
                bankCode: '88',
                customerName: '한빛수입차부품',
                dueDate: '2026-11-25T23:59:59+09:00',
              }
            : null,
      };
      payments.set(p.paymentKey, p);
      return p;
    },
    /** The buyer paid into the virtual account: Toss's deposit callback body (DEPOSIT_CALLBACK). */
    deposit(paymentKey: string) {
      const p = payments.get(paymentKey)!;
      p.status = 'DONE';
      return {
        createdAt: '2026-11-22T17:00:00.000000',
        secret: p.secret,
        status: 'DONE',
        transactionKey: `tx_${randomBytes(6).toString('hex')}`,
        orderId: p.orderId,
      };
    },
    /** PAYMENT_STATUS_CHANGED, as Toss sends it: the Payment object under data. */
    statusChanged(paymentKey: string) {
      return {
        eventType: 'PAYMENT_STATUS_CHANGED',
        createdAt: '2026-11-22T17:00:00.000000',
        data: { ...payments.get(paymentKey)! },
      };
    },
    onConfirm(b: TossBehaviour) {
      confirmBehaviour = b;
    },
    onFetch(b: TossBehaviour) {
      fetchBehaviour = b;
    },
    onIssue(b: TossBehaviour) {
      issueBehaviour = b;
    },
    /**
     * The depositor paid into a virtual account issued by POST /v1/virtual-accounts (or the bank
     * took the deposit back: `back`): Toss's DEPOSIT_CALLBACK body for that transaction.
     */
    depositInto(orderId: string, opts: { back?: boolean; createdAt?: string; transactionKey?: string } = {}) {
      const p = [...payments.values()].find((x) => x.orderId === orderId)!;
      p.status = opts.back ? 'WAITING_FOR_DEPOSIT' : 'DONE';
      return {
        createdAt: opts.createdAt ?? new Date(Date.now() + 9 * 3600_000).toISOString().replace('Z', '000'),
        secret: p.secret,
        status: p.status,
        transactionKey: opts.transactionKey ?? `tx_${randomBytes(8).toString('hex')}`,
        orderId: p.orderId,
      };
    },
    /** Keeps confirms waiting, before they are done, until `release()`; `arrived()` counts them. */
    holdConfirms: () => hold('confirm'),
    /** Keeps virtual-account issues waiting the same way (the bank not answered yet). */
    holdIssues: () => hold('issue'),
    /** Fifteen days on: Toss keeps an Idempotency-Key's answer that long, then forgets it. */
    forgetIdempotencyKeys() {
      idempotent.clear();
    },
  };
}
export type TossStandIn = Awaited<ReturnType<typeof tossStandIn>>;

/**
 * Solapi stand-in: POST /messages/v4/send and the group flow, with the HMAC-SHA256 header checked as
 * Solapi documents it (signature = HMAC-SHA256(date + salt) with the API secret).
 */
export interface SolapiStandInMessage {
  to: string;
  from: string;
  text: string;
  /** 'ATA' (알림톡), 'SMS', 'LMS'; absent on a plain text. */
  type?: string;
  kakaoOptions?: { pfId: string; templateId: string; variables: Record<string, string>; disableSms: boolean };
  customFields?: Record<string, string>;
}

/** A step of the group flow the stand-in can cut once: before it is done, or after (the answer lost). */
export type SolapiStep = 'create' | 'add' | 'send';

let eucKrTable: Set<string> | null = null;
/** Whether Solapi can send `text` as SMS/LMS: ASCII, the characters of EUC-KR's table, and the Hangul syllables carriers take. */
function eucKrText(text: string): boolean {
  if (!eucKrTable) {
    const decoder = new TextDecoder('euc-kr');
    eucKrTable = new Set();
    for (let lead = 0xa1; lead <= 0xfe; lead++)
      for (let trail = 0xa1; trail <= 0xfe; trail++) eucKrTable.add(decoder.decode(Uint8Array.of(lead, trail)));
    eucKrTable.delete('\ufffd');
  }
  return [...text].every((c) => c.codePointAt(0)! < 0x80 || /[\uac00-\ud7a3]/.test(c) || eucKrTable!.has(c));
}

/**
 * Solapi's send API, written from Solapi's API documentation and its Node SDK (`solapi`, GroupService
 * and its response schemas): the HMAC header checked, each message Solapi sent kept in `sent`.
 * - POST /messages/v4/send with one message (statusCode 2000, or `{ errorCode, errorMessage }`);
 * - the group flow: POST /messages/v4/groups (a PENDING group and its groupId);
 *   PUT /messages/v4/groups/{groupId}/messages `{ messages }` answers `{ errorCount, resultList }`
 *   (SDK AddMessageResponse: each message's statusCode, '2000' when taken; a refused one is
 *   registered in the group as failed and counted in count.registeredFailed, never sent); an SMS/LMS
 *   with characters outside EUC-KR is refused with statusCode 1029;
 *   POST /messages/v4/groups/{groupId}/send sends the group's taken messages (kept in `sent`) and
 *   answers the group, SENDING, or FAILED when none of its messages could go; a second send is
 *   refused; GET /messages/v4/groups/{groupId} answers its `status` and `count`.
 * `on` sets what every call does; `onKakao` what 알림톡 (type ATA) messages meet, e.g. a refusal of
 * an unapproved template, while texts go through; `cut(step, when)` drops the connection of the
 * next call of that step once, before doing it or after (a crash or a lost answer); `hold(step)`
 * keeps every call of that step waiting, before it is done, until `release()`; `setGroupStatus`
 * plays Solapi failing or deleting a group.
 */
export async function solapiStandIn(apiKey: string, apiSecret: string) {
  const sent: SolapiStandInMessage[] = [];
  let behaviour: TossBehaviour = { kind: 'normal' };
  let kakaoBehaviour: TossBehaviour = { kind: 'normal' };
  const calls: SolapiStandInMessage[] = [];
  /** Every request that passed the signature check, as 'METHOD /path'. */
  const requests: string[] = [];
  type Registered = { message: SolapiStandInMessage; statusCode: string; statusMessage: string };
  const groups = new Map<string, { status: string; messages: Registered[] }>();
  const cuts = new Map<SolapiStep, 'before' | 'after'>();
  const holds = new Map<SolapiStep, { arrived: number; gate: Promise<void> }>();
  const groupInfo = (groupId: string) => {
    const g = groups.get(groupId)!;
    const failed = g.messages.filter((m) => m.statusCode !== '2000').length;
    return {
      groupId,
      status: g.status,
      count: { total: g.messages.length, registeredFailed: failed, registeredSuccess: g.messages.length - failed },
    };
  };
  /** What Solapi says of one message as it is added: taken (2000) or its refusal. */
  const register = (message: SolapiStandInMessage): Registered => {
    if (message.type === 'ATA' && kakaoBehaviour.kind === 'refuse')
      return { message, statusCode: kakaoBehaviour.code, statusMessage: kakaoBehaviour.message };
    if (message.type !== 'ATA' && !eucKrText(message.text))
      return { message, statusCode: '1029', statusMessage: 'EUC-KR로 표현할 수 없는 문자가 포함되어 있습니다.' };
    return { message, statusCode: '2000', statusMessage: '정상 접수(이통사로 접수 예정) ' };
  };
  const standIn = await listen(async (req, raw, res) => {
    const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(
      req.headers.authorization ?? '',
    );
    if (
      !m ||
      m[1] !== apiKey ||
      createHmac('sha256', apiSecret)
        .update(m[2]! + m[3]!)
        .digest('hex') !== m[4]
    ) {
      return json(res, 403, { errorCode: 'SignatureDoesNotMatch', errorMessage: '서명이 일치하지 않습니다.' });
    }
    if (Math.abs(Date.parse(m[2]!) - Date.now()) > 15 * 60_000)
      return json(res, 403, { errorCode: 'RequestTimeTooSkewed', errorMessage: '요청 시간이 올바르지 않습니다.' });
    const path = req.url ?? '/';
    requests.push(`${req.method} ${path}`);
    const group = /^\/messages\/v4\/groups(?:\/([^/]+)(\/messages|\/send)?)?$/.exec(path);
    if (req.method === 'POST' && path === '/messages/v4/send') {
      const { message } = JSON.parse(raw) as { message: SolapiStandInMessage };
      calls.push(message);
      const b = message.type === 'ATA' && behaviour.kind === 'normal' ? kakaoBehaviour : behaviour;
      if (b.kind === 'down') return void res.socket?.destroy();
      if (b.kind === 'refuse') return json(res, b.status, { errorCode: b.code, errorMessage: b.message });
      if (b.kind === 'late') await new Promise((r) => setTimeout(r, b.afterMs));
      sent.push(message);
      if (!res.destroyed) {
        json(res, 200, {
          groupId: 'G4V20261122',
          to: message.to,
          from: message.from,
          type: message.type ?? 'SMS',
          statusMessage: '정상 접수(이통사로 접수 예정) ',
          country: '82',
          messageId: `M4V${sent.length}`,
          statusCode: '2000',
          accountId: '12925149',
        });
      }
      return;
    }
    if (!group || (group[1] === undefined && req.method !== 'POST'))
      return json(res, 404, { errorCode: 'NotFound', errorMessage: 'Not Found' });
    const b = behaviour;
    if (b.kind === 'down') return void res.socket?.destroy();
    if (b.kind === 'refuse') return json(res, b.status, { errorCode: b.code, errorMessage: b.message });
    if (b.kind === 'late') await new Promise((r) => setTimeout(r, b.afterMs));
    const step: SolapiStep | null =
      group[1] === undefined ? 'create' : group[2] === '/messages' ? 'add' : group[2] === '/send' ? 'send' : null;
    const cut = step ? cuts.get(step) : undefined;
    if (step && cut) cuts.delete(step);
    if (cut === 'before') return void res.socket?.destroy();
    const held = step ? holds.get(step) : undefined;
    if (held) {
      held.arrived += 1;
      await held.gate;
    }
    let status = 200;
    let answer: unknown;
    if (step === 'create') {
      const groupId = `G4V${String(groups.size + 1).padStart(8, '0')}`;
      groups.set(groupId, { status: 'PENDING', messages: [] });
      answer = groupInfo(groupId);
    } else {
      const groupId = group[1]!;
      const g = groups.get(groupId);
      if (!g) return json(res, 404, { errorCode: 'NotFound', errorMessage: '그룹을 찾을 수 없습니다.' });
      if (step === null && req.method === 'GET') answer = groupInfo(groupId);
      else if (step === 'add' && req.method === 'PUT') {
        if (g.status !== 'PENDING')
          return json(res, 400, { errorCode: 'BadRequest', errorMessage: '이미 발송된 그룹입니다.' });
        const { messages } = JSON.parse(raw) as { messages: SolapiStandInMessage[] };
        const resultList = messages.map((message) => {
          calls.push(message);
          const r = register(message);
          g.messages.push(r);
          return {
            to: message.to,
            from: message.from,
            type: message.type ?? 'SMS',
            country: '82',
            messageId: `M4V${randomBytes(6).toString('hex')}`,
            statusCode: r.statusCode,
            statusMessage: r.statusMessage,
            accountId: '12925149',
            ...(message.customFields ? { customFields: message.customFields } : {}),
          };
        });
        answer = { errorCount: String(resultList.filter((r) => r.statusCode !== '2000').length), resultList };
      } else if (step === 'send' && req.method === 'POST') {
        if (g.status !== 'PENDING')
          return json(res, 400, { errorCode: 'BadRequest', errorMessage: '이미 발송 요청된 그룹입니다.' });
        if (g.messages.length === 0)
          return json(res, 400, { errorCode: 'BadRequest', errorMessage: '발송할 메시지가 없습니다.' });
        const taken = g.messages.filter((r) => r.statusCode === '2000');
        g.status = taken.length === 0 ? 'FAILED' : 'SENDING';
        sent.push(...taken.map((r) => r.message));
        answer = groupInfo(groupId);
      } else {
        status = 404;
        answer = { errorCode: 'NotFound', errorMessage: 'Not Found' };
      }
    }
    if (cut === 'after') return void res.socket?.destroy();
    if (!res.destroyed) json(res, status, answer);
  });
  return {
    ...standIn,
    sent,
    /** Every message asked for, accepted or not. */
    calls,
    requests,
    on(b: TossBehaviour) {
      behaviour = b;
    },
    onKakao(b: TossBehaviour) {
      kakaoBehaviour = b;
    },
    cut(step: SolapiStep, when: 'before' | 'after') {
      cuts.set(step, when);
    },
    /** Solapi fails or deletes a group (its messages are not sent). */
    setGroupStatus(groupId: string, status: 'FAILED' | 'DELETED') {
      groups.get(groupId)!.status = status;
    },
    /** The groups' ids, in the order they were created. */
    groupIds: () => [...groups.keys()],
    /** Holds the calls of `step` until `release()`; `arrived()` counts the calls held so far. */
    hold(step: SolapiStep) {
      let open = () => {};
      const held = { arrived: 0, gate: new Promise<void>((resolve) => (open = resolve)) };
      holds.set(step, held);
      return {
        arrived: () => held.arrived,
        release() {
          holds.delete(step);
          open();
        },
      };
    },
  };
}

/** A document the Popbill stand-in holds, as getInfo answers it (TaxinvoiceInfo) plus what was sent. */
export interface PopbillStandInDoc {
  itemKey: string;
  invoicerMgtKey: string;
  stateCode: number;
  writeDate: string;
  supplyCostTotal: string;
  taxTotal: string;
  invoiceeCorpNum: string;
  ntsconfirmNum: string;
  ntssendErrCode: string;
  /** The registIssue body as sent. */
  sent: Record<string, unknown>;
  /** The x-pb-userid header registIssue came with (the 팝빌 회원 아이디 acting), if any. */
  userId: string | undefined;
}

/**
 * Popbill (전자세금계산서), written from Linkhub's and Popbill's Node SDKs (`linkhub` TokenBuilder,
 * `popbill` BaseService/TaxinvoiceService) and Popbill's API reference:
 * - `POST /{ServiceID}/Token`: the Authorization `LINKHUB {linkId} {signature}` checked as
 *   TokenBuilder computes it: HMAC-SHA256 (base64-decoded secret) of `POST`, the body's SHA-256
 *   (base64), x-lh-date, the x-lh-forwarded value when that header is sent, `2.0` and the path, joined
 *   by newlines. Answers `{ session_token, serviceID, expiration }`; a wrong signature is a 401.
 * - `GET /Taxinvoice/SELL/{mgtKey}` (getInfo): TaxinvoiceInfo, or 400 with -11000005 for an unknown key.
 * - `POST /Taxinvoice/SELL` with a JSON array of keys (getInfos): TaxinvoiceInfo of each known key.
 * - `POST /Taxinvoice` with `X-HTTP-Method-Override: ISSUE` (registIssue): `{ code: 1, message,
 *   ntsConfirmNum }`; a key used before is refused (-11000001, 'unable to process'); a revised
 *   invoice needs a modifyCode of 1-6 (-11001009) and the original's orgNTSConfirmNum, and for 환입
 *   (3) and 계약의 해제 (4) negative amounts (-11001010); more than 99 detailList lines are refused;
 *   past the 10th of the month after its writeDate an invoice needs forceIssue (지연발행).
 * A document starts at stateCode 300 (발행완료); `transmit` plays the NTS: 304 (전송성공, SUC001) or
 * 305 (전송실패 with its ntssendErrCode). A Bearer token the stand-in did not hand out, or one
 * `expireTokens` ended, is a 401 with -10000033 (token not readable); `refuseIssueTokens(n)` answers
 * the next n registIssue calls the same way, whatever their token (one Linkhub handed out that Popbill no longer
 * takes: revoked, or used from another address than the one that asked for it).
 */
export async function popbillStandIn(linkId: string, secretKey: string) {
  const docs = new Map<string, PopbillStandInDoc>();
  const calls = { token: 0, getInfo: 0, getInfos: 0, registIssue: 0 };
  /** Each token request as it came: its headers and whether its signature held. */
  const tokenRequests: {
    forwarded: string | undefined;
    authorization: string;
    date: string;
    body: string;
    ok: boolean;
  }[] = [];
  let failNext = 0;
  let failNextInfos = 0;
  let refuseIssueTokens = 0;
  /** How long a session token lives from its issue (Linkhub answers its expiration). */
  let tokenLifetimeMs = 3_600_000;
  const tokens = new Set<string>();
  const signatureOf = (body: string, date: string, forwarded: string | undefined, path: string) => {
    const digestTarget =
      'POST\n' +
      createHash('sha256').update(body).digest('base64') +
      '\n' +
      date +
      '\n' +
      (forwarded ? forwarded + '\n' : '') +
      '2.0\n' +
      path;
    return createHmac('sha256', Buffer.from(secretKey, 'base64')).update(digestTarget).digest('base64');
  };
  const info = (d: PopbillStandInDoc) => {
    const { sent: _sent, ...rest } = d;
    return { ...rest, taxType: '과세', issueType: '정발행' };
  };
  const seoulToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
  const standIn = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && /^\/POPBILL(_TEST)?\/Token$/.test(url.pathname)) {
      calls.token += 1;
      const auth = String(req.headers.authorization ?? '');
      const date = String(req.headers['x-lh-date'] ?? '');
      const forwarded = req.headers['x-lh-forwarded'] as string | undefined;
      const ok =
        req.headers['x-lh-version'] === '2.0' &&
        auth === `LINKHUB ${linkId} ${signatureOf(body, date, forwarded, url.pathname)}`;
      tokenRequests.push({ forwarded, authorization: auth, date, body, ok });
      if (!ok) return json(res, 401, { code: -99999999, message: '인증 실패 (서명 불일치)' });
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return json(res, 200, {
        session_token: token,
        serviceID: url.pathname.split('/')[1],
        expiration: new Date(Date.now() + tokenLifetimeMs).toISOString(),
      });
    }
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const refusedOnIssue = req.method === 'POST' && url.pathname === '/Taxinvoice' && refuseIssueTokens > 0;
    if (refusedOnIssue) refuseIssueTokens -= 1;
    if (!tokens.has(bearer) || refusedOnIssue)
      return json(res, 401, { code: -10000033, message: '토큰 해석에 실패했습니다.' });
    const one = /^\/Taxinvoice\/SELL\/([^/?]+)$/.exec(url.pathname);
    if (req.method === 'GET' && one) {
      calls.getInfo += 1;
      if (failNextInfos > 0) {
        failNextInfos -= 1;
        return json(res, 500, { code: -99999999, message: '일시적인 오류' });
      }
      const doc = docs.get(decodeURIComponent(one[1]!));
      if (!doc)
        return json(res, 400, { code: -11000005, message: '해당 문서번호에 해당하는 세금계산서가 존재하지 않습니다.' });
      return json(res, 200, info(doc));
    }
    const override = String(req.headers['x-http-method-override'] ?? '').toUpperCase();
    if (req.method === 'POST' && url.pathname === '/Taxinvoice/SELL' && !override) {
      calls.getInfos += 1;
      const keys = JSON.parse(body) as string[];
      if (!Array.isArray(keys) || keys.length > 1000)
        return json(res, 400, { code: -99999999, message: '문서번호 목록이 올바르지 않습니다.' });
      return json(
        res,
        200,
        keys.flatMap((k) => (docs.has(k) ? [info(docs.get(k)!)] : [])),
      );
    }
    if (req.method === 'POST' && url.pathname === '/Taxinvoice' && override === 'ISSUE') {
      calls.registIssue += 1;
      if (failNext > 0) {
        failNext -= 1;
        return json(res, 500, { code: -99999999, message: '일시적인 오류' });
      }
      const t = JSON.parse(body) as Record<string, unknown>;
      const key = String(t.invoicerMgtKey ?? '');
      if (!/^[A-Za-z0-9_-]{1,24}$/.test(key))
        return json(res, 400, { code: -99999999, message: '문서번호가 올바르지 않습니다.' });
      if (docs.has(key))
        return json(res, 400, {
          code: -11000001,
          message: '세금계산서 요청을 처리할 수 없습니다 (사용 중인 문서번호).',
        });
      const lines = (t.detailList ?? []) as unknown[];
      if (lines.length > 99) return json(res, 400, { code: -99999999, message: '품목은 99개까지 입력할 수 있습니다.' });
      if (t.modifyCode !== undefined) {
        const original = [...docs.values()].find((d) => d.ntsconfirmNum === t.orgNTSConfirmNum);
        if (![1, 2, 3, 4, 5, 6].includes(Number(t.modifyCode)))
          return json(res, 400, { code: -11001009, message: '수정사유 코드가 올바르지 않습니다.' });
        if (!original)
          return json(res, 400, { code: -99999999, message: '당초 국세청 승인번호의 세금계산서가 없습니다.' });
        if ([3, 4].includes(Number(t.modifyCode)) && Number(t.supplyCostTotal) >= 0)
          return json(res, 400, {
            code: -11001010,
            message: '환입, 계약의 해제 사유의 수정세금계산서는 음(-)의 금액만 입력할 수 있습니다.',
          });
      }
      const w = String(t.writeDate ?? '');
      const m = Number(w.slice(4, 6));
      const deadline = `${m === 12 ? Number(w.slice(0, 4)) + 1 : w.slice(0, 4)}${String(m === 12 ? 1 : m + 1).padStart(2, '0')}10`;
      if (seoulToday() > deadline && t.forceIssue !== true)
        return json(res, 400, {
          code: -99999999,
          message: '발행기한이 지난 세금계산서입니다. 지연발행(forceIssue)으로 발행하세요.',
        });
      const ntsConfirmNum = `2026${String(docs.size + 1).padStart(20, '0')}`;
      docs.set(key, {
        itemKey: randomBytes(9).toString('hex'),
        invoicerMgtKey: key,
        stateCode: 300,
        writeDate: w,
        supplyCostTotal: String(t.supplyCostTotal),
        taxTotal: String(t.taxTotal),
        invoiceeCorpNum: String(t.invoiceeCorpNum ?? ''),
        ntsconfirmNum: ntsConfirmNum,
        ntssendErrCode: '',
        sent: t,
        userId: req.headers['x-pb-userid'] as string | undefined,
      });
      return json(res, 200, { code: 1, message: '발행 완료', ntsConfirmNum });
    }
    return json(res, 404, { code: -99999999, message: 'not found' });
  });
  return {
    ...standIn,
    docs,
    /** What registIssue was sent for each key it accepted. */
    get issued() {
      return new Map([...docs].map(([k, d]) => [k, d.sent]));
    },
    calls,
    tokenRequests,
    failNextIssues(n: number) {
      failNext = n;
    },
    /** The next n getInfo calls answer 500 (Popbill's own trouble), as failNextIssues does for registIssue. */
    failNextInfos(n: number) {
      failNextInfos = n;
    },
    /** The next n registIssue calls are answered 401 (-10000033), their token refused. */
    refuseIssueTokens(n: number) {
      refuseIssueTokens = n;
    },
    /** Tokens handed out from now on expire this long after their issue. */
    setTokenLifetime(ms: number) {
      tokenLifetimeMs = ms;
    },
    /** Every token handed out so far stops working (expired or revoked at Linkhub). */
    expireTokens() {
      tokens.clear();
    },
    /** The NTS's answer for an issued document: 304 전송성공, or 305 전송실패 with its code. */
    transmit(key: string, errCode?: string) {
      const d = docs.get(key)!;
      d.stateCode = errCode ? 305 : 304;
      d.ntssendErrCode = errCode ?? 'SUC001';
    },
  };
}
