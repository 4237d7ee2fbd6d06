import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, MSG_CHAT, type ChatMessage, type OldChatList } from '@partsmall/contract';
import { chatFiles, chatMessages } from '../../src/db/schema.js';
import { decodeQueue, IMAGE_DECODE_SLOTS, type IncomingFile } from '../../src/features/chat/images.js';
import { findMemberById } from '../../src/features/auth/user-info.js';
import { ensureConversation, storeMessage, type SenderInfo } from '../../src/features/chat/messages.js';
import { diskStorage, type FileStorage } from '../../src/features/chat/storage.js';
import { readChatFile, uploadChatFiles } from '../../src/features/chat/uploads.js';
import { AppError } from '../../src/shared/http.js';
import { startTestServer, type TestServer } from '../helpers.js';
import {
  ack,
  clientId,
  memberIdOf,
  newCustomer,
  openChat,
  startChatNamespace,
  tokenFor,
  waitFor,
} from '../chat-helpers.js';
import {
  bmp,
  gif,
  jpeg,
  jpegWithExif,
  png,
  tiff,
  webp,
  withGifComment,
  withJpegComment,
  zipArchive,
} from '../chat-images.js';
import { NO_SUBSCRIBERS, type DomainEvent, type EventSink } from '../../src/shared/events.js';

let server: TestServer;
let storageRoot: string;
let storage: FileStorage;
let staff: SenderInfo;
beforeAll(async () => {
  server = await startTestServer();
  storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-chat-files-'));
  storage = diskStorage(storageRoot);
  const staffRow = (await findMemberById(server.db, await memberIdOf(server, 'staff@partsmall.kr')))!;
  staff = { memberId: staffRow.id, loginId: staffRow.loginId, name: staffRow.name, side: 'staff' };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(storageRoot, { recursive: true, force: true });
});

async function customer(label: string) {
  const c = await newCustomer(server, label);
  const sender: SenderInfo = { memberId: c.seq, loginId: c.id, name: c.name, side: 'customer' };
  return { ...c, sender, ref: { id: c.seq, loginId: c.id } };
}

const file = (name: string, data: Buffer, mimetype?: string): IncomingFile => ({ name, data, mimetype });
const storedFiles = () =>
  fs.readdirSync(storageRoot, { recursive: true }).filter((p) => String(p).includes('.')).length;
const messagesOf = async (memberId: number) =>
  Number((await server.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.senderId, memberId)))[0]!.n);

/** The refusal an upload ends in (status, message), or 'accepted'. */
async function outcome(sender: SenderInfo, ref: { id: number; loginId: string }, files: IncomingFile[]) {
  try {
    await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, { sender, customer: ref, files });
    return 'accepted';
  } catch (err) {
    if (err instanceof AppError) return `${err.status} ${err.message}`;
    throw err;
  }
}

describe('chat uploads: accepted images', () => {
  it('every allowed kind becomes one file message, re-encoded, with a thumbnail, readable through its signed address', async () => {
    const c = await customer('업로드');
    const files = [
      file('사진.jpg', await jpeg(), 'image/jpeg'),
      file('카톡사진.jfif', await jpeg(), 'image/jpeg'),
      file('도면.png', await png(), 'image/png'),
      file('움짤.gif', await gif(), 'image/gif'),
      file('웹.webp', await webp(), 'image/webp'),
      file('스캔.bmp', bmp(8, 6), 'image/bmp'),
    ];
    const { message, created } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files,
    });
    expect(created).toBe(true);
    expect(message).toMatchObject({
      type: 'file',
      sendMessageType: 'file',
      sendSide: 'user',
      targetUser: c.seq,
      sendUserId: c.seq,
    });
    expect(message.fileList.map((f) => [f.name, f.mime])).toEqual([
      ['사진.jpg', 'image/jpeg'],
      ['카톡사진.jfif', 'image/jpeg'],
      ['도면.png', 'image/png'],
      ['움짤.gif', 'image/gif'],
      ['웹.webp', 'image/webp'],
      ['스캔.bmp', 'image/png'],
    ]);
    expect(message.fileList[5]).toMatchObject({ width: 8, height: 6 });
    expect(storedFiles()).toBeGreaterThanOrEqual(12);
    for (const f of message.fileList) {
      expect(f.url).toMatch(/^\/api\/chatFile\/\d+\/full\?exp=\d+&sig=[\w-]+$/);
      // Stored names are generated; the uploaded name appears nowhere in them.
      const [row] = await server.db.select().from(chatFiles).where(eq(chatFiles.id, f.seq));
      expect(row!.storageKey).toMatch(/^chat\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.(jpg|png|gif|webp)$/);
      const url = new URL(f.url, 'http://x');
      const read = await readChatFile(server.db, storage, {
        seq: f.seq,
        variant: 'full',
        exp: Number(url.searchParams.get('exp')),
        sig: url.searchParams.get('sig')!,
      });
      expect(read!.mime).toBe(f.mime);
      const thumbUrl = new URL(f.thumbUrl, 'http://x');
      const thumb = await readChatFile(server.db, storage, {
        seq: f.seq,
        variant: 'thumb',
        exp: Number(thumbUrl.searchParams.get('exp')),
        sig: thumbUrl.searchParams.get('sig')!,
      });
      expect((await sharp(thumb!.data).metadata()).format).toBe('webp');
    }
  });

  it('metadata is stripped and the picture turned upright; big pictures are scaled down with a small thumbnail', async () => {
    const c = await customer('메타');
    const original = await jpegWithExif(64, 48);
    expect(original.includes(Buffer.from('secret-owner'))).toBe(true);
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files: [file('gps.jpg', original), file('큰사진.png', await png(3000, 1000))],
    });
    const [rotated, big] = message.fileList;
    expect([rotated!.width, rotated!.height]).toEqual([48, 64]);
    expect([big!.width, big!.height]).toEqual([2560, 853]);
    const [row] = await server.db.select().from(chatFiles).where(eq(chatFiles.id, rotated!.seq));
    const stored = (await storage.read(row!.storageKey))!;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    const thumb = await sharp(
      (await storage.read((await server.db.select().from(chatFiles).where(eq(chatFiles.id, big!.seq)))[0]!.thumbKey))!,
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([320, 107]);
  });

  it('staff may send TIFF; customers may not', async () => {
    const c = await customer('티프');
    expect(await outcome(staff, c.ref, [file('도면.tif', await tiff(), 'image/tiff')])).toBe('accepted');
    expect(await outcome(c.sender, c.ref, [file('도면.tif', await tiff(), 'image/tiff')])).toBe(
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    );
  });

  it('a picture named wrongly is judged by its content (a JPEG named .png is stored as JPEG)', async () => {
    const c = await customer('이름틀림');
    const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files: [file('photo.png', await jpeg())],
    });
    expect(message.fileList[0]!.mime).toBe('image/jpeg');
  });

  it('10 files pass; a JPEG trailer from a phone camera is accepted and not stored', async () => {
    const c = await customer('열장');
    const trailer = Buffer.from('SEFH motion photo trailer SEFT');
    const files = await Promise.all(
      Array.from({ length: 10 }, async (_, i) =>
        file(`${i + 1}.jpg`, i === 0 ? Buffer.concat([await jpeg(), trailer]) : await jpeg()),
      ),
    );
    const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files,
    });
    expect(message.fileList).toHaveLength(10);
    const [row] = await server.db.select().from(chatFiles).where(eq(chatFiles.id, message.fileList[0]!.seq));
    expect((await storage.read(row!.storageKey))!.includes(trailer)).toBe(false);
  });

  it('an upload retried with the same client message id is stored once', async () => {
    const c = await customer('업로드재시도');
    const id = clientId();
    const files = [file('a.png', await png())];
    const first = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files,
      clientMessageId: id,
    });
    const before = storedFiles();
    const again = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files,
      clientMessageId: id,
    });
    expect(again.created).toBe(false);
    expect(again.message.seq).toBe(first.message.seq);
    expect(storedFiles()).toBe(before);
    expect(await messagesOf(c.seq)).toBe(1);
  });
});

describe('chat uploads: refused by content, nothing stored', () => {
  const cases: [string, () => Promise<IncomingFile[]>, string][] = [
    [
      'a text file renamed .png',
      async () => [file('notes.png', Buffer.from('그냥 텍스트 파일입니다. not an image at all'), 'image/png')],
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
    [
      'a PDF renamed .jpg',
      async () => [file('견적.jpg', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF'), 'image/jpeg')],
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
    [
      'an SVG renamed .png',
      async () => [
        file(
          'logo.png',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'image/png',
        ),
      ],
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
    [
      'an HTML page renamed .gif',
      async () => [file('a.gif', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'))],
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
    [
      'a GIF/JAR polyglot (GIFAR)',
      async () => [file('a.gif', Buffer.concat([await gif(), zipArchive()]))],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a PNG with a ZIP appended',
      async () => [file('a.png', Buffer.concat([await png(), zipArchive()]))],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a JPEG/HTML polyglot (script in a comment)',
      async () => [file('a.jpg', withJpegComment(await jpeg(), '<html><script>alert(document.cookie)</script>'))],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a GIF/JavaScript polyglot',
      async () => [file('a.gif', withGifComment(await gif(), '*/=1;<script>alert(1)</script>/*'))],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a JPEG with a page appended',
      async () => [
        file(
          'a.jpg',
          Buffer.concat([
            withJpegComment(await jpeg(), 'x'.repeat(1500)),
            Buffer.from('<html><body><script>x()</script>'),
          ]),
        ),
      ],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a picture declared as text/html',
      async () => [file('a.png', await png(), 'text/html')],
      '400 이미지에 허용되지 않는 데이터가 포함되어 있습니다.',
    ],
    [
      'a PNG signature over garbage',
      async () => [file('a.png', Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(200, 7)]))],
      '400 이미지 파일이 손상되었거나 형식이 맞지 않습니다.',
    ],
    [
      'a truncated JPEG',
      async () => [file('a.jpg', (await jpeg(300, 200)).subarray(0, 300))],
      '400 이미지 파일이 손상되었거나 형식이 맞지 않습니다.',
    ],
    [
      'an empty file',
      async () => [file('a.png', Buffer.alloc(0))],
      '400 이미지 파일이 손상되었거나 형식이 맞지 않습니다.',
    ],
    [
      'an 11th file',
      async () => Promise.all(Array.from({ length: 11 }, async (_, i) => file(`${i}.png`, await png()))),
      '400 이미지는 한 번에 10개까지 보낼 수 있습니다.',
    ],
    ['no file', async () => [], '400 보낼 이미지를 선택하세요.'],
    [
      'a path in the file name',
      async () => [file('../../etc/cron.d/a.png', await png())],
      '400 파일 이름이 올바르지 않습니다.',
    ],
    [
      'a Windows path in the file name',
      async () => [file('C:\\Users\\a.png', await png())],
      '400 파일 이름이 올바르지 않습니다.',
    ],
    [
      '10 MB + 1 byte',
      async () => [
        file(
          'big.png',
          Buffer.concat([await png(), Buffer.alloc(CHAT_LIMITS.fileMaxBytes + 1 - (await png()).length)]),
        ),
      ],
      '413 이미지 하나의 크기는 10MB를 넘을 수 없습니다.',
    ],
    [
      'a good picture with a bad one',
      async () => [file('good.png', await png()), file('bad.png', Buffer.from('not an image, just text'))],
      '400 이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp)만 보낼 수 있습니다.',
    ],
  ];
  it.each(cases)('%s', async (_what, make, expected) => {
    const c = await customer('거절');
    const before = storedFiles();
    expect(await outcome(c.sender, c.ref, await make())).toBe(expected);
    expect(await messagesOf(c.seq)).toBe(0);
    expect(storedFiles()).toBe(before);
  });

  it('exactly 10 MB passes (zero padding after a PNG is allowed)', async () => {
    const c = await customer('십메가');
    const picture = await png();
    const tenMb = Buffer.concat([picture, Buffer.alloc(CHAT_LIMITS.fileMaxBytes - picture.length)]);
    expect(tenMb.length).toBe(10 * 1024 * 1024);
    expect(await outcome(c.sender, c.ref, [file('ten.png', tenMb)])).toBe('accepted');
  });

  it('a picture declaring too many pixels is refused before it is decoded', async () => {
    const c = await customer('픽셀폭탄');
    const huge = bmp(1, 1);
    huge.writeInt32LE(20_000, 18);
    huge.writeInt32LE(20_000, 22);
    expect(await outcome(c.sender, c.ref, [file('bomb.bmp', huge)])).toBe(`400 ${MSG_CHAT.imageTooBig}`);
  });

  it('a run-length compressed BMP is refused before it is decoded: its runs could keep the decoder busy on the main thread', async () => {
    const c = await customer('RLE폭탄');
    // 8 bits per pixel, BI_RLE8, 2000×2000 (well under the pixel limit), a 256-colour palette; then
    // pairs that end a line and pairs of 255-pixel runs, repeated: each two bytes are 255 writes.
    const width = 2000;
    const palette = 256 * 4;
    const runs = Buffer.alloc(200_000);
    for (let i = 0; i < runs.length; i += 40) {
      runs.writeUInt16BE(0x0000, i);
      for (let j = i + 2; j < i + 40; j += 2) runs.writeUInt16BE(0xff00, j);
    }
    const head = Buffer.alloc(54 + palette);
    head.write('BM', 0, 'latin1');
    head.writeUInt32LE(head.length + runs.length, 2);
    head.writeUInt32LE(head.length, 10);
    head.writeUInt32LE(40, 14);
    head.writeInt32LE(width, 18);
    head.writeInt32LE(width, 22);
    head.writeUInt16LE(1, 26);
    head.writeUInt16LE(8, 28);
    head.writeUInt32LE(1, 30); // BI_RLE8
    head.writeUInt32LE(runs.length, 34);
    head.writeUInt32LE(256, 46);
    const rle = Buffer.concat([head, runs]);
    expect(await outcome(c.sender, c.ref, [file('runs.bmp', rle)])).toBe(`400 ${MSG_CHAT.imageBmpCompressed}`);
    expect(MSG_CHAT.imageBmpCompressed).toBe('압축된 BMP는 보낼 수 없습니다. PNG나 JPG로 저장해 보내 주세요.');
    // An uncompressed BMP of the same shop still goes through (stored as PNG).
    expect(await outcome(c.sender, c.ref, [file('plain.bmp', bmp(8, 6))])).toBe('accepted');
  });

  it('a small PNG that unpacks to 7000×7000 is refused with its Korean message; 25 megapixels pass, one row more does not', async () => {
    const c = await customer('칠천픽셀');
    const flat = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
    const bomb = await flat(7000, 7000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await outcome(c.sender, c.ref, [file('bomb.png', bomb)])).toBe(`400 ${MSG_CHAT.imageTooBig}`);
    expect(MSG_CHAT.imageTooBig).toBe(
      '이미지 해상도가 너무 큽니다. 2,500만 화소(예: 5000×5000) 이하의 사진을 보내 주세요.',
    );
    expect(await outcome(c.sender, c.ref, [file('over.png', await flat(5000, 5001))])).toBe(
      `400 ${MSG_CHAT.imageTooBig}`,
    );
    expect(await messagesOf(c.seq)).toBe(0);
    expect(await outcome(c.sender, c.ref, [file('limit.png', await flat(5000, 5000))])).toBe('accepted');
  });

  it('a photo counts among the messages of the window: after 30 texts in 10 s it is refused and nothing is kept; after 29 it goes', async () => {
    const { max } = CHAT_LIMITS.customerMessages;
    expect(max).toBe(30);
    const texts = async (c: Awaited<ReturnType<typeof customer>>, n: number) => {
      const conversationId = await ensureConversation(server.db, c.seq);
      for (let i = 0; i < n; i++)
        await storeMessage(server.db, {
          conversationId,
          senderId: c.seq,
          side: 'customer',
          clientMessageId: clientId(),
          type: 'text',
          body: `문의 ${i + 1}`,
        });
    };
    const picture = await png(4, 4);
    const full = await customer('창구가득');
    await texts(full, max);
    const files = storedFiles();
    expect(await outcome(full.sender, full.ref, [file('full.png', picture)])).toBe(`429 ${MSG_CHAT.tooManyMessages}`);
    expect([await messagesOf(full.seq), storedFiles()]).toEqual([max, files]);
    // One short of the limit, and another customer's full window beside it: the photo goes.
    const room = await customer('창구여유');
    await texts(room, max - 1);
    expect(await outcome(room.sender, room.ref, [file('room.png', picture)])).toBe('accepted');
    expect(await messagesOf(room.seq)).toBe(max);
  });

  it('the same upload sent twice at once is one message with its files once, delivered once', async () => {
    const c = await customer('동시업로드');
    const id = clientId();
    const files = [file('a.png', await png(6, 6)), file('b.png', await png(7, 7))];
    const published: DomainEvent[] = [];
    const events: EventSink = {
      publish: (e) => {
        published.push(e);
        return Promise.resolve();
      },
    };
    const before = storedFiles();
    const both = await Promise.all(
      [0, 1].map(() =>
        uploadChatFiles(server.db, events, storage, {
          sender: c.sender,
          customer: c.ref,
          files,
          clientMessageId: id,
        }),
      ),
    );
    expect(both.map((r) => r.created).sort()).toEqual([false, true]);
    expect(both[0]!.message.seq).toBe(both[1]!.message.seq);
    expect(await messagesOf(c.seq)).toBe(1);
    const rows = await server.db.select().from(chatFiles).where(eq(chatFiles.messageId, both[0]!.message.seq));
    expect(rows.map((r) => r.originalName).sort()).toEqual(['a.png', 'b.png']);
    // Two files, each with its thumbnail, on disk once.
    expect(storedFiles()).toBe(before + 4);
    expect(published).toHaveLength(1);
  });

  it('more than 20 uploads a minute are refused (429)', async () => {
    const c = await customer('업로드도배');
    const picture = await png(4, 4);
    for (let i = 0; i < 20; i++) expect(await outcome(c.sender, c.ref, [file(`${i}.png`, picture)])).toBe('accepted');
    expect(await outcome(c.sender, c.ref, [file('21.png', picture)])).toBe(
      '429 파일을 너무 자주 보냈습니다. 잠시 후 다시 시도해 주세요.',
    );
    expect(await messagesOf(c.seq)).toBe(20);
  });
});

describe('chat uploads: signed addresses', () => {
  it('a changed signature, another file, another variant or an expired address reads nothing', async () => {
    const c = await customer('서명');
    const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files: [file('a.png', await png()), file('b.png', await png())],
    });
    const [a, b] = message.fileList;
    const url = new URL(a!.url, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    const read = (q: { seq: number; variant: 'full' | 'thumb'; exp: number; sig: string }, now?: Date) =>
      readChatFile(server.db, storage, q, now);
    expect(await read({ seq: a!.seq, variant: 'full', exp, sig })).not.toBeNull();
    expect(
      await read({ seq: a!.seq, variant: 'full', exp, sig: sig.slice(0, -1) + (sig.endsWith('A') ? 'B' : 'A') }),
    ).toBeNull();
    expect(await read({ seq: b!.seq, variant: 'full', exp, sig })).toBeNull();
    expect(await read({ seq: a!.seq, variant: 'thumb', exp, sig })).toBeNull();
    expect(await read({ seq: a!.seq, variant: 'full', exp: exp + 3600, sig })).toBeNull();
    // Valid until its expiry second, not at it.
    expect(await read({ seq: a!.seq, variant: 'full', exp, sig }, new Date(exp * 1000 - 1))).not.toBeNull();
    expect(await read({ seq: a!.seq, variant: 'full', exp, sig }, new Date(exp * 1000))).toBeNull();
  });
});

describe('chat uploads: the decode queue', () => {
  it('decodes one image at a time in the process: an upload waits while the slot is taken, then goes through', async () => {
    const c = await customer('디코드대기');
    const picture = await png(8, 8);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const blocker = decodeQueue.run(() => held);
    expect([decodeQueue.active, IMAGE_DECODE_SLOTS]).toEqual([1, 1]);
    const waiting = outcome(c.sender, c.ref, [file('a.png', picture), file('b.png', picture)]);
    await expect.poll(() => decodeQueue.waiting).toBe(1);
    // While the slot is taken, nothing of the upload was decoded or stored.
    expect(await messagesOf(c.seq)).toBe(0);
    expect(decodeQueue.active).toBe(1);
    release();
    await blocker;
    expect(await waiting).toBe('accepted');
    expect(await messagesOf(c.seq)).toBe(1);
    expect([decodeQueue.active, decodeQueue.waiting]).toEqual([0, 0]);
  });

  it('six uploads of four pictures at once never decode two pictures at the same time', async () => {
    const senders = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => customer(`동시디코드${i}`)));
    const pictures = await Promise.all([1, 2, 3, 4].map((i) => png(200 + i, 150)));
    const results = await Promise.all(
      senders.map((s) =>
        outcome(
          s.sender,
          s.ref,
          pictures.map((p, i) => file(`${i}.png`, p)),
        ),
      ),
    );
    expect(results).toEqual(Array(6).fill('accepted'));
    expect(decodeQueue.peak).toBe(1);
  });
});

describe('chat uploads: short-lived addresses', () => {
  it('an address lives 10 to 15 minutes; one read 16 minutes on reads nothing', async () => {
    const c = await customer('짧은주소');
    const sent = Date.now();
    const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
      sender: c.sender,
      customer: c.ref,
      files: [file('a.png', await png())],
    });
    for (const address of [message.fileList[0]!.url, message.fileList[0]!.thumbUrl]) {
      const url = new URL(address, 'http://x');
      const exp = Number(url.searchParams.get('exp'));
      expect(exp * 1000 - sent).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
      expect(exp * 1000 - sent).toBeLessThanOrEqual(15 * 60_000 + 1000);
      const q = {
        seq: message.fileList[0]!.seq,
        variant: url.pathname.endsWith('/thumb') ? ('thumb' as const) : ('full' as const),
        exp,
        sig: url.searchParams.get('sig')!,
      };
      expect(await readChatFile(server.db, storage, q, new Date(sent + 9 * 60_000))).not.toBeNull();
      expect(await readChatFile(server.db, storage, q, new Date(sent + 16 * 60_000))).toBeNull();
    }
  });
});

describe('chat uploads: delivery', () => {
  let namespace: Awaited<ReturnType<typeof startChatNamespace>>;
  beforeAll(async () => {
    namespace = await startChatNamespace(server);
  });
  afterAll(async () => {
    await namespace.close();
  });

  it("an upload's message reaches the customer's tabs and staff, and shows in the history", async () => {
    const c = await customer('전달');
    const customerSocket = await openChat(namespace, c.token);
    const staffSocket = await openChat(namespace, await tokenFor(server, staff.memberId));
    try {
      const atCustomer = waitFor<ChatMessage>(customerSocket, 'messageToUser');
      const atStaff = waitFor<ChatMessage>(staffSocket, 'messageToAdmin', (m) => m.targetUser === c.seq);
      const { message } = await uploadChatFiles(server.db, NO_SUBSCRIBERS, storage, {
        sender: staff,
        customer: c.ref,
        files: [file('견적서.png', await png())],
      });
      namespace.channel.announce(message);
      expect((await atCustomer).seq).toBe(message.seq);
      expect((await atStaff).fileList[0]!.name).toBe('견적서.png');
      const history = await ack<NonNullable<OldChatList['results']>>(customerSocket, 'oldMessageRequest', {});
      expect(history.results!.messages.map((m) => [m.type, m.fileList.length])).toEqual([['file', 1]]);
      // The history page signs its own short-lived addresses (read now, valid for minutes, not a day).
      const exp = Number(new URL(history.results!.messages[0]!.fileList[0]!.url, 'http://x').searchParams.get('exp'));
      expect(exp * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    } finally {
      customerSocket.close();
      staffSocket.close();
    }
  });
});
