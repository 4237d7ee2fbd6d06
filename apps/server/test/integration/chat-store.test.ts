import { sql } from 'drizzle-orm';
import { chatFiles } from '../../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '@partsmall/contract';
import {
  ensureConversation,
  history,
  messageWriter,
  storeMessage,
  toChatMessages,
  type NewMessage,
} from '../../src/features/chat/messages.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { clientId, memberIdOf, newCustomer } from '../chat-helpers.js';

/**
 * Storing chat messages once and replaying them (docs/requirements.md#chat): a message sent twice
 * within one grouped write is stored and announced once, and the replay after a reconnect comes in
 * pages of CHAT_LIMITS.replayMax that say when there is more.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function conversationOf(label: string) {
  const c = await newCustomer(server, label);
  const customer = { id: c.seq, loginId: c.id };
  const conversationId = await ensureConversation(server.db, c.seq);
  const text = (body: string, id = clientId()): NewMessage => ({
    conversationId,
    senderId: c.seq,
    side: 'customer',
    clientMessageId: id,
    type: 'text',
    body,
  });
  return { conversationId, customer, text };
}

describe('grouped writes', () => {
  it('a message sent twice while an earlier write is in flight is one row: the first copy is created, the second is its resend', async () => {
    const { conversationId, text } = await conversationOf('묶음전송');
    const write = messageWriter(server.db);
    const twice = text('브레이크 패드 재고 있나요?');
    // The first write goes alone; the two copies wait for it and go together in the next group.
    const [first, copyA, copyB] = await Promise.all([write(text('안녕하세요')), write(twice), write({ ...twice })]);
    expect(first.created).toBe(true);
    expect([copyA.created, copyB.created]).toEqual([true, false]);
    expect(copyB.row.id).toBe(copyA.row.id);
    const { rows } = await history(server.db, conversationId, { page: 1, size: 10 });
    expect(rows.map((r) => r.body)).toEqual(['안녕하세요', '브레이크 패드 재고 있나요?']);
  });
});

describe('client message ids', () => {
  it('one id sent to two conversations in one group is a message in each, and each resend finds its own', async () => {
    const a = await conversationOf('같은번호A');
    const b = await conversationOf('같은번호B');
    const staffId = await memberIdOf(server, 'staff@partsmall.kr');
    const id = clientId();
    const reply = (conversationId: number, body: string): NewMessage => ({
      conversationId,
      senderId: staffId,
      side: 'staff',
      clientMessageId: id,
      type: 'text',
      body,
    });
    const write = messageWriter(server.db);
    // The first write goes alone; the two replies wait for it and go together in the next group.
    const [, toA, toB] = await Promise.all([
      write(a.text('문의드립니다')),
      write(reply(a.conversationId, 'A사 답변')),
      write(reply(b.conversationId, 'B사 답변')),
    ]);
    expect([toA.created, toB.created]).toEqual([true, true]);
    expect([toA.row.body, toB.row.body]).toEqual(['A사 답변', 'B사 답변']);
    const again = await storeMessage(server.db, reply(b.conversationId, 'B사 답변'));
    expect(again).toMatchObject({ created: false, row: { id: toB.row.id, conversationId: b.conversationId } });
    const { rows } = await history(server.db, b.conversationId, { page: 1, size: 10 });
    expect(rows.map((r) => r.body)).toEqual(['B사 답변']);
  });
});

describe('the replay after a reconnect', () => {
  it(`gives at most ${CHAT_LIMITS.replayMax} messages after the last one seen, and says when there are more`, async () => {
    expect(CHAT_LIMITS.replayMax).toBe(500);
    const { conversationId, text } = await conversationOf('다시받기');
    const seen = (await storeMessage(server.db, text('마지막으로 본 메시지'))).row.id;
    // 501 messages after it, written in one statement (the limit of a sender's window is not what is tested).
    await server.db.execute(sql`
      insert into chat_messages (conversation_id, sender_id, sender_side, client_message_id, type, body)
      select ${conversationId}::int, sender_id, 'customer', gen_random_uuid()::text, 'text', '메시지 ' || n
      from (select sender_id from chat_messages where id = ${seen}::int) s, generate_series(1, 501) n
      order by n`);
    const page = await history(server.db, conversationId, { page: 1, size: 50, afterSeq: seen });
    expect([page.rows.length, page.more, page.rows[0]!.body, page.rows.at(-1)!.body]).toEqual([
      500,
      true,
      '메시지 1',
      '메시지 500',
    ]);
    const rest = await history(server.db, conversationId, { page: 1, size: 50, afterSeq: page.rows.at(-1)!.id });
    expect([rest.rows.map((r) => r.body), rest.more]).toEqual([['메시지 501'], false]);
    // Exactly 500 after: one page, nothing more.
    const exact = await history(server.db, conversationId, { page: 1, size: 50, afterSeq: rest.rows[0]!.id - 500 });
    expect([exact.rows.length, exact.more]).toEqual([500, false]);
  });
});

describe('the history', () => {
  it('a page says there is more only when an older message exists', async () => {
    const { conversationId, text } = await conversationOf('이전기록');
    for (const body of ['첫째', '둘째', '셋째']) await storeMessage(server.db, text(body));
    const whole = await history(server.db, conversationId, { page: 1, size: 3 });
    expect([whole.rows.map((r) => r.body), whole.more]).toEqual([['첫째', '둘째', '셋째'], false]);
    const latest = await history(server.db, conversationId, { page: 1, size: 2 });
    expect([latest.rows.map((r) => r.body), latest.more]).toEqual([['둘째', '셋째'], true]);
    const older = await history(server.db, conversationId, { page: 1, size: 2, beforeSeq: latest.rows[0]!.id });
    expect([older.rows.map((r) => r.body), older.more]).toEqual([['첫째'], false]);
  });

  it('photo messages side by side: each lists its own files, in the order they were sent', async () => {
    const { conversationId, customer, text } = await conversationOf('사진둘');
    const photo = async (names: string[]) => {
      const { row } = await storeMessage(server.db, { ...text(names.join(', ')), type: 'file' });
      await server.db.insert(chatFiles).values(
        names.map((name, i) => ({
          conversationId,
          messageId: row.id,
          uploaderId: customer.id,
          storageKey: `test/${row.id}-${i}.png`,
          thumbKey: `test/${row.id}-${i}-thumb.png`,
          originalName: name,
          mime: 'image/png',
          width: 10 + i,
          height: 10 + i,
          size: 100 + i,
        })),
      );
      return row;
    };
    const rows = [await photo(['앞범퍼.png', '그릴.png']), await photo(['헤드램프.png'])];
    const views = await toChatMessages(server.db, rows, customer);
    expect(views.map((m) => m.fileList.map((f) => f.name))).toEqual([['앞범퍼.png', '그릴.png'], ['헤드램프.png']]);
  });
});
