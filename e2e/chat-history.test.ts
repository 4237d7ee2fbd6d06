import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatReadStatus, ChatUser, OldChatList, UsersToAdmin } from '@partsmall/contract';
import {
  ack,
  clientId,
  collect,
  memberIdOf,
  newCustomer,
  openChat,
  tokenFor,
} from '../apps/server/test/chat-helpers.js';
import { chatLogin } from './chat-session.js';
import { desktopPage, phonePage, shot, startShop } from './helpers.js';

/**
 * A conversation's history and its read marks in the browser (docs/requirements.md#chat-screens):
 * every message of a long conversation can be read, '이전 메시지 보기' (or scrolling up at the top)
 * bringing the 50 before where the reader was; and a chat window the reader is not at marks nothing
 * read, neither when it opens nor when its connection comes back, until the reader returns to it.
 */
let shop: Awaited<ReturnType<typeof startShop>>;
let staffToken: string;
beforeAll(async () => {
  shop = await startShop();
  staffToken = await tokenFor(shop.server, await memberIdOf(shop.server, 'staff@partsmall.kr'));
});
afterAll(async () => {
  await shop?.close();
});

const EARLIER = '이전 메시지 보기';
const texts = (page: Page) => page.getByTestId('chat-message').locator('.chat-text').allInnerTexts();
const numbered = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${from + i}`);

/** Staff write `count` numbered answers ('답변 1' …) to the customer. */
async function staffAnswers(customerSeq: number, prefix: string, count: number) {
  const staff = await openChat(shop.server, staffToken);
  for (const text of numbered(prefix, 1, count))
    expect(
      (await ack(staff, 'adminMessage', { targetUser: customerSeq, sendMessage: text, clientMessageId: clientId() }))
        .code,
    ).toBe(201);
  staff.disconnect();
}

/** Where a message is drawn from the top of the list's box, in px. */
const topInList = (page: Page, text: string) =>
  page
    .getByTestId('chat-message')
    .filter({ hasText: new RegExp(`^.*${text}$`, 'm') })
    .first()
    .evaluate((el) => {
      const list = el.closest('[data-testid="chat-list"]')!;
      return Math.round(el.getBoundingClientRect().top - list.getBoundingClientRect().top);
    });

describe('a conversation of more than 50 messages', () => {
  it("the buyer's chat shows the newest 50 and '이전 메시지 보기' the 3 before, where the reader was; the staff console loads them on scrolling up", async () => {
    const customer = await newCustomer(shop.server, '긴대화');
    await staffAnswers(customer.seq, '답변', 53);

    const buyer = await desktopPage(shop.browser);
    await buyer.page.setViewportSize({ width: 400, height: 800 });
    await chatLogin(buyer.context, shop.server, customer.id, customer.pw);
    await buyer.page.goto(`${shop.server.base}/chat`);
    await buyer.page.getByTestId('chat-message').filter({ hasText: '답변 53' }).waitFor();
    expect(await texts(buyer.page)).toEqual(numbered('답변', 4, 53));

    const earlier = buyer.page.getByRole('button', { name: EARLIER });
    await earlier.scrollIntoViewIfNeeded();
    const before = await topInList(buyer.page, '답변 4');
    await earlier.click();
    await expect.poll(() => texts(buyer.page)).toEqual(numbered('답변', 1, 53));
    // Nothing before the first message: the button is gone, and the reader still sees what they saw.
    expect(await earlier.count()).toBe(0);
    expect(await topInList(buyer.page, '답변 4')).toBe(before);
    await shot(buyer.page, 'chat-history-earlier');
    await buyer.context.close();

    const staff = await desktopPage(shop.browser);
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await chatLogin(staff.context, shop.server, 'staff@partsmall.kr', 'staff1234');
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    await staff.page.getByTestId('chat-user').filter({ hasText: customer.name }).click();
    await staff.page.getByTestId('chat-message').filter({ hasText: '답변 53' }).waitFor();
    expect((await texts(staff.page)).length).toBe(50);
    const list = staff.page.getByTestId('chat-list');
    await list.hover();
    await expect
      .poll(async () => {
        await staff.page.mouse.wheel(0, -4000);
        return texts(staff.page);
      })
      .toEqual(numbered('답변', 1, 53));
    expect(await staff.page.getByRole('button', { name: EARLIER }).count()).toBe(0);
    await staff.context.close();
  });
});

/** A context whose pages report focus (`document.hasFocus()`) and visibility as the test sets them (`reader`). */
async function awayContext(context: BrowserContext) {
  await context.addInitScript(() => {
    const w = window as unknown as { pmReader?: 'here' | 'unfocused' | 'hidden' };
    w.pmReader = 'unfocused';
    Document.prototype.hasFocus = () => w.pmReader === 'here';
    Object.defineProperty(Document.prototype, 'visibilityState', {
      get: () => (w.pmReader === 'hidden' ? 'hidden' : 'visible'),
    });
  });
}
/** The reader comes back to the page: focused and shown, as the browser tells it. */
const comeBack = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { pmReader: string }).pmReader = 'here';
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });

/** The chat's WebSocket connections of a context, to cut them as a network drop would. */
async function cuttableSockets(context: BrowserContext): Promise<WebSocketRoute[]> {
  const open: WebSocketRoute[] = [];
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    ws.connectToServer();
    open.push(ws);
  });
  return open;
}

const unreadForStaff = async (seq: number): Promise<number> => {
  const s = await openChat(shop.server, staffToken);
  const users = await new Promise<ChatUser[]>((resolve) => {
    s.once('usersToAdmin', (b: UsersToAdmin) => resolve(b.users));
    s.emit('usersRequest', {});
  });
  s.disconnect();
  return users.find((u) => u.seq === seq)!.unread;
};

describe('a chat window the reader is not at', () => {
  it('the staff console in the background marks nothing read when it opens or reconnects; coming back to it does', async () => {
    const customer = await newCustomer(shop.server, '안읽은상담');
    const socket = await openChat(shop.server, customer.token);
    for (const text of ['견적 부탁드립니다.', '재고 확인 부탁드립니다.'])
      expect((await ack(socket, 'userMessage', { sendMessage: text, clientMessageId: clientId() })).code).toBe(201);
    const watcher = await openChat(shop.server, staffToken);
    const staffReads = collect<ChatReadStatus>(watcher, 'readStatus');

    const staff = await desktopPage(shop.browser);
    await staff.page.setViewportSize({ width: 500, height: 728 });
    await awayContext(staff.context);
    const sockets = await cuttableSockets(staff.context);
    await chatLogin(staff.context, shop.server, 'staff@partsmall.kr', 'staff1234');
    await staff.page.goto(`${shop.server.base}/chatAdmin`);
    // The newest conversation is selected and shown, and stays unread for every staff member.
    await staff.page.getByTestId('chat-message').filter({ hasText: '재고 확인 부탁드립니다.' }).waitFor();
    const row = staff.page.getByTestId('chat-user').filter({ hasText: customer.name });
    expect(await row.getAttribute('aria-current')).toBe('true');
    expect(await unreadForStaff(customer.seq)).toBe(2);

    // The connection drops; a message comes meanwhile; the console reconnects and shows it.
    for (const ws of sockets.splice(0)) await ws.close();
    await staff.page.getByText('연결이 끊어졌습니다. 다시 연결하는 중입니다…').waitFor();
    expect(
      (await ack(socket, 'userMessage', { sendMessage: '연락 기다리겠습니다.', clientMessageId: clientId() })).code,
    ).toBe(201);
    await staff.page.getByTestId('chat-message').filter({ hasText: '연락 기다리겠습니다.' }).waitFor();
    expect(await unreadForStaff(customer.seq)).toBe(3);
    await expect.poll(() => row.getAttribute('data-new')).toBe('1');
    await expect.poll(() => staff.page.title()).toBe('(3) 상담 콘솔');

    // Coming back to the window reads it, once.
    expect(staffReads.filter((r) => r.targetUser === customer.seq)).toEqual([]);
    await comeBack(staff.page);
    await expect.poll(() => unreadForStaff(customer.seq)).toBe(0);
    await expect.poll(() => row.getAttribute('data-new')).toBe('0');
    expect(staffReads.filter((r) => r.targetUser === customer.seq && r.side === 'admin').length).toBe(1);
    socket.disconnect();
    watcher.disconnect();
    await staff.context.close();
  });

  it("the buyer's phone chat in a hidden tab leaves staff answers unread until it is shown", async () => {
    const customer = await newCustomer(shop.server, '숨은탭');
    await staffAnswers(customer.seq, '안내', 2);
    const unreadForBuyer = async () => {
      const s = await openChat(shop.server, customer.token);
      const a = await ack<OldChatList['results']>(s, 'oldMessageRequest', { page: 1, size: 1 });
      s.disconnect();
      return a.results!.unread;
    };
    const phone = await phonePage(shop.browser);
    await awayContext(phone.context);
    await phone.context.addInitScript(() => {
      (window as unknown as { pmReader: string }).pmReader = 'hidden';
    });
    await chatLogin(phone.context, shop.server, customer.id, customer.pw);
    await phone.page.goto(`${shop.server.base}/chatMobile`);
    await phone.page.getByTestId('chat-message').filter({ hasText: '안내 2' }).waitFor();
    expect(await unreadForBuyer()).toBe(2);
    await comeBack(phone.page);
    await expect.poll(unreadForBuyer).toBe(0);
    await phone.context.close();
  });
});
