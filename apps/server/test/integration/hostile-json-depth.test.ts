import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@partsmall/contract';
import type { Socket } from 'socket.io-client';
import { chatMessages } from '../../src/db/schema.js';
import { rawCall } from '../helpers.js';
import { ack, chatTestServer, clientId, newCustomer } from '../chat-helpers.js';

/**
 * JSON nested deeper than any call needs is refused before it is parsed, over HTTP and over the
 * realtime channels (docs/security.md#hostile-input): parsing half a million nested arrays held the
 * request thread about half a second, so a few such bodies at once held every other answer.
 */
const chat = chatTestServer();

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const post = (body: string) =>
  rawCall(chat.server, 'POST', '/api/getProductHome', { headers: { 'content-type': 'application/json' }, body });
const REFUSED = { status: 400, body: { code: 400, message: MSG.badRequest } };

describe('JSON bodies nested too deep', () => {
  it('a 1 MB body of half a million nested arrays is refused in the envelope, with the security headers', async () => {
    const res = await post(`{"x":${nested(499_990)}}`);
    expect({ status: res.status, body: res.body }).toEqual(REFUSED);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('32 levels are read as before (the unknown field dropped); 33 are refused', async () => {
    const ok = await post(`{"x":${nested(31)}}`);
    expect([ok.status, ok.body?.code]).toEqual([200, 200]);
    const deep = await post(`{"x":${nested(32)}}`);
    expect({ status: deep.status, body: deep.body }).toEqual(REFUSED);
  });

  it('brackets and escaped quotes inside strings are text, not nesting', async () => {
    const res = await post(JSON.stringify({ x: `a"\\${'['.repeat(100)}`, y: '{'.repeat(100) }));
    expect([res.status, res.body?.code]).toEqual([200, 200]);
  });

  it('a body naming __proto__ or constructor.prototype is still refused, as Fastify refuses it', async () => {
    for (const body of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      const res = await post(body);
      expect({ status: res.status, body: res.body }, body).toEqual(REFUSED);
    }
  });
});

/**
 * Sends a raw Socket.IO packet (`2/chat,[…]`: an event of /chat) on a connected chat socket's
 * transport, then a chat message. The server reads a connection's packets in order: either it closes
 * the connection at the packet (the message never reaches it) or the message is answered.
 */
async function packetThenMessage(socket: Socket, packet: string): Promise<string> {
  const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(`closed: ${reason}`)));
  socket.io.engine.send(packet);
  const answered = ack(socket, 'userMessage', { sendMessage: '다음 메시지', clientMessageId: clientId() }).then(
    (a) => `answered ${a.code}`,
    () => 'no answer',
  );
  return Promise.race([closed, answered]);
}

describe('Socket.IO frames nested too deep or too large', () => {
  it.each([
    ['a typing event nested 1,000 deep (2 KB)', `2/chat,["typing",${nested(1_000)}]`],
    ['a typing event nested 499,000 deep (1 MB)', `2/chat,["typing",${nested(499_000)}]`],
    ['a typing event of 100 KB', `2/chat,["typing",{"typing":true,"x":"${'a'.repeat(100_000)}"}]`],
  ])('%s closes the connection before any handler reads it', async (_what, packet) => {
    const c = await newCustomer(chat.server, '깊은');
    const socket = await chat.connectAs(c.token);
    expect(await packetThenMessage(socket, packet)).toBe('closed: transport close');
  });

  it('chat keeps working: a message full of brackets and quotes, and one of 2,000 four-byte characters', async () => {
    const c = await newCustomer(chat.server, '괄호');
    const socket = await chat.connectAs(c.token);
    const texts = [`[[[["${'['.repeat(200)}\\"{{{`, '😀'.repeat(2_000)];
    for (const text of texts)
      expect(await ack(socket, 'userMessage', { sendMessage: text, clientMessageId: clientId() })).toMatchObject({
        code: 201,
      });
    const stored = await chat.server.db
      .select({ text: chatMessages.body })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, c.seq));
    expect(stored.map((r) => r.text).sort()).toEqual([...texts].sort());
  });
});
