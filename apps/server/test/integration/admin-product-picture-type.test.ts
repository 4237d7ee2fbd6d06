import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '@partsmall/contract';
import { call, type TestServer } from '../helpers.js';
import { png, withJpegComment, jpeg } from '../chat-images.js';
import { makeProduct } from '../order-helpers.js';
import { withStaffServer } from '../member-helpers.js';

/**
 * A product picture is judged by its content, not its name nor the type the browser declared for
 * it (docs/security.md#uploads): a valid PNG picked as 'photo.exe' (which a browser declares
 * application/x-msdownload) was refused as '이미지에 허용되지 않는 데이터가 포함되어 있습니다.'.
 */
let server: TestServer;
let staff: string;
withStaffServer((s, token) => ([server, staff] = [s, token]));

const upload = (seq: number, name: string, mime: string, data: Buffer) =>
  call<AdminProduct>(
    server,
    'POST',
    'api/admin/uploadProductImage',
    { seq, name, mime, data: data.toString('base64') },
    staff,
  );
const product = () => makeProduct(server, { tiers: [1000, 1000, 1000, 1000], salePrice: 1000 });

describe('uploadProductImage judges the content', () => {
  it('takes a valid PNG named photo.exe, declared application/x-msdownload, and stores it as a PNG', async () => {
    const p = await product();
    const res = await upload(p.id, 'photo.exe', 'application/x-msdownload', await png());
    expect([res.status, res.body.results?.imgFiles.length]).toEqual([200, 1]);
    expect(res.body.results!.imgFiles[0]).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.png$/);
    const asText = await upload(p.id, 'photo.png', 'text/html', await jpeg());
    expect([asText.status, asText.body.results?.imgFiles[1]]).toEqual([200, expect.stringMatching(/\.jpg$/)]);
  });

  it('still refuses what is no picture, and a picture carrying markup, whatever it is named', async () => {
    const p = await product();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]);
    const program = await upload(p.id, 'photo.png', 'image/png', exe);
    expect([program.status, program.body.message]).toEqual([
      400,
      '이미지 파일(jpg, jpeg, png, gif, webp, jfif, bmp, tiff)만 보낼 수 있습니다.',
    ]);
    const marked = withJpegComment(await jpeg(), '<script>alert(1)</script>');
    const foreign = await upload(p.id, 'photo.exe', 'application/x-msdownload', marked);
    expect([foreign.status, foreign.body.message]).toEqual([400, '이미지에 허용되지 않는 데이터가 포함되어 있습니다.']);
  });
});
