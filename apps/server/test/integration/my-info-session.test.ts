import { describe, expect, it } from 'vitest';
import { CALLS, MSG_MEMBER, type ChatAck } from '@partsmall/contract';
import { call } from '../helpers.js';
import {
  ack,
  chatTestServer,
  clientId,
  collect,
  newCustomer,
  openChat,
  startChatNamespace,
  waitFor,
} from '../chat-helpers.js';
import { randomPhone } from '../member-helpers.js';

/**
 * Saving 내 정보 is not a security event (docs/security.md#sessions): the chat popup, a window of its
 * own holding its own copy of the tab's token, keeps working after the buyer edits their info in the
 * main window, and logging out still ends it.
 */
const chat = chatTestServer();
const { open } = chat;

describe('saving 내 정보 while the chat popup is open', () => {
  it('the popup keeps sending past the session re-check; the answer carries the same, still working token', async () => {
    // Every socket's session re-checked every 50 ms (the shop: every 10 s).
    const namespace = await startChatNamespace(chat.server, { sessionRecheckMs: 0, sessionSweepMs: 50 });
    try {
      const c = await newCustomer(chat.server, '정보수정');
      const popup = await openChat(namespace, c.token);
      open.push(popup);
      const refused = collect<ChatAck>(popup, 'chatError');

      const saved = await call(
        chat.server,
        'updateMyInfo',
        { name: '김수정', phone: randomPhone(), mail: 'edited@test.kr' },
        { token: c.token },
      );
      expect([saved.body.code, saved.body.message]).toEqual([201, MSG_MEMBER.infoUpdated]);
      expect(saved.body.results!.userInfo).toMatchObject({ name: '김수정', mail: 'edited@test.kr' });

      // Several sweeps later the popup is still connected and its message is stored.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(refused).toEqual([]);
      expect(popup.connected).toBe(true);
      const sent = await ack(popup, 'userMessage', {
        sendMessage: '주문 건 문의드립니다.',
        clientMessageId: clientId(),
      });
      expect([sent.code, (sent.results as { sendMessage: string }).sendMessage]).toEqual([
        201,
        '주문 건 문의드립니다.',
      ]);

      // The main window goes on with the answered token: the one it had, nothing to hand on.
      expect(saved.body.results!.token).toBe(c.token);
      expect((await call(chat.server, 'getMyShippingInfo', {}, { token: saved.body.results!.token })).status).toBe(200);
      // The API document says so, and speaks of no new token nor of an old one ended.
      const told = `${CALLS.updateMyInfo.summary} ${CALLS.updateMyInfo.description}`;
      expect(told).toContain('보낸 토큰을 그대로');
      expect(told).not.toMatch(/새 토큰|폐기|끝납니다/);

      // Logging out (in the main window) still ends the popup's socket at once.
      const closed = waitFor(popup, 'disconnect');
      expect((await call(chat.server, 'logout', {}, { token: saved.body.results!.token })).status).toBe(200);
      await closed;
    } finally {
      await namespace.close();
    }
  });
});
