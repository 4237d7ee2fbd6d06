import { describe, expect, it } from 'vitest';
import { bmp, gif, jpeg, png, webp, withGifComment, withJpegComment, zipArchive } from '../../../test/chat-images.js';
import { declaredKind, foreignData, imageLayout, plainFileName, type ImageKind } from './image-check.js';

const check = (buf: Buffer, kind: ImageKind) => {
  const layout = imageLayout(buf, kind);
  if (!layout) return 'malformed';
  return foreignData(buf, kind, layout);
};

describe('imageLayout: where each format ends', () => {
  it.each([
    ['png', png],
    ['gif', gif],
    ['jpeg', jpeg],
    ['webp', webp],
  ] as const)('a clean %s ends at its last byte', async (kind, make) => {
    const buf = await make();
    expect(imageLayout(buf, kind)?.end).toBe(buf.length);
  });

  it('a BMP ends at its declared size', () => {
    const buf = bmp(5, 3);
    expect(imageLayout(buf, 'bmp')?.end).toBe(54 + 16 * 3);
  });

  it('truncated or foreign bytes are malformed', async () => {
    const p = await png();
    expect(imageLayout(p.subarray(0, p.length - 20), 'png')).toBeNull();
    expect(imageLayout(Buffer.from('GIF89a' + 'x'.repeat(20)), 'gif')).toBeNull();
    expect(imageLayout(p, 'jpeg')).toBeNull();
    expect(imageLayout(Buffer.from('BM'), 'bmp')).toBeNull();
  });
});

describe('foreignData: image polyglots', () => {
  it('clean images pass', async () => {
    for (const [kind, buf] of [
      ['png', await png()],
      ['gif', await gif()],
      ['jpeg', await jpeg()],
      ['webp', await webp()],
      ['bmp', bmp()],
    ] as const) {
      expect(check(buf, kind), kind).toBeNull();
    }
  });

  it('a ZIP appended to a PNG or a GIF (GIFAR) is refused', async () => {
    expect(check(Buffer.concat([await png(), zipArchive()]), 'png')).toBe('zip end record');
    expect(check(Buffer.concat([await gif(), zipArchive()]), 'gif')).toBe('zip end record');
  });

  it('any data after a PNG, GIF, WebP or BMP is refused; zero padding is not', async () => {
    const junk = Buffer.from('plain trailing bytes');
    expect(check(Buffer.concat([await png(), junk]), 'png')).toBe('data after the image');
    expect(check(Buffer.concat([bmp(), junk]), 'bmp')).toBe('data after the image');
    expect(check(Buffer.concat([await png(), Buffer.alloc(64)]), 'png')).toBeNull();
  });

  it("a JPEG may carry a camera's trailer (a second picture), but not a script, archive or program", async () => {
    // A comment pushes the trailer past the first kilobyte (which is searched on its own).
    const j = withJpegComment(await jpeg(), 'x'.repeat(1500));
    expect(check(Buffer.concat([j, await jpeg(8, 8)]), 'jpeg')).toBeNull();
    expect(check(Buffer.concat([j, Buffer.from('SEFH....SEFT')]), 'jpeg')).toBeNull();
    expect(check(Buffer.concat([j, Buffer.from('<script>alert(1)</script>')]), 'jpeg')).toBe('markup after the image');
    expect(check(Buffer.concat([j, Buffer.from('%PDF-1.7 ...')]), 'jpeg')).toBe('pdf after the image');
    expect(check(Buffer.concat([j, Buffer.from('MZ\x90\x00', 'latin1')]), 'jpeg')).toBe('program after the image');
  });

  it('markup hidden in a JPEG comment or a GIF comment is refused', async () => {
    expect(check(withJpegComment(await jpeg(), '<html><body onload=alert(1)>'), 'jpeg')).toBe(
      'markup in the first kilobyte',
    );
    // Past the first kilobyte it is still found, in the metadata.
    const padded = withJpegComment(
      withJpegComment(await jpeg(), 'x'.repeat(2000)),
      'x'.repeat(10) + '<SCRIPT src=//evil>',
    );
    expect(check(padded, 'jpeg')).toMatch(/markup/);
    expect(check(withGifComment(await gif(), '*/=1;<script>alert(1)</script>'), 'gif')).toMatch(/markup/);
    expect(check(withGifComment(await gif(), 'a plain comment, made by a camera'), 'gif')).toBeNull();
  });

  it('a PDF header in the first kilobyte is refused', async () => {
    expect(check(withJpegComment(await jpeg(), '%PDF-1.4 1 0 obj'), 'jpeg')).toBe('pdf header');
  });
});

describe('declaredKind', () => {
  it.each([
    ['image/jpeg', 'jpeg'],
    ['image/pjpeg', 'jpeg'],
    ['IMAGE/PNG; charset=binary', 'png'],
    ['image/x-ms-bmp', 'bmp'],
    ['', 'unknown'],
    [undefined, 'unknown'],
    ['application/octet-stream', 'unknown'],
    ['text/html', 'other'],
    ['application/zip', 'other'],
    ['image/svg+xml', 'other'],
  ])('%s is %s', (mime, kind) => {
    expect(declaredKind(mime)).toBe(kind);
  });
});

describe('plainFileName', () => {
  it.each(['사진.jpg', 'IMG_0001.JPEG', 'a..b.png', '견적서 (1).png'])('%s is a plain name', (name) => {
    expect(plainFileName(name, 200)).toBe(name);
  });
  it.each([
    '../../etc/passwd.png',
    'dir/a.png',
    'C:\\temp\\a.png',
    'C:a.png',
    '..',
    '.',
    '',
    '   ',
    'a\u0000.png',
    'a\n.png',
    'abc\u202egnp.exe',
    '\u2066a.png',
    'a\uFFFD\uFFFDb.png',
    `${'가'.repeat(201)}.png`,
  ])('%j is refused', (name) => {
    expect(plainFileName(name, 200)).toBeNull();
  });
  it('200 characters pass, 201 do not', () => {
    expect(plainFileName(`${'가'.repeat(196)}.png`, 200)).not.toBeNull();
    expect(plainFileName(`${'가'.repeat(197)}.png`, 200)).toBeNull();
  });
});
