import sharp from 'sharp';

/** Test pictures made on the spot, and the bad files the upload tests craft from them. */

const base = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });

export const jpeg = (width = 64, height = 48) => base(width, height).jpeg().toBuffer();
export const png = (width = 64, height = 48) => base(width, height).png().toBuffer();
export const gif = (width = 64, height = 48) => base(width, height).gif().toBuffer();
export const webp = (width = 64, height = 48) => base(width, height).webp().toBuffer();
export const tiff = (width = 64, height = 48) => base(width, height).tiff().toBuffer();

/** A JPEG carrying EXIF: orientation 6 (shown turned 90°), a camera owner and a GPS position. */
export const jpegWithExif = (width = 64, height = 48) =>
  base(width, height)
    .jpeg()
    .withExif({
      IFD0: { Artist: '홍길동', Copyright: 'secret-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** An uncompressed 24-bit BMP, written by hand (libvips cannot write BMP). */
export function bmp(width = 8, height = 6): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const size = 54 + row * height;
  const b = Buffer.alloc(size);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(size, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(row * height, 34);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = 54 + y * row + x * 3;
      b[o] = 40; // blue
      b[o + 1] = 160; // green
      b[o + 2] = 220; // red
    }
  }
  return b;
}

/** A JPEG with a comment segment (COM) holding `text`, inserted right after SOI. */
export function withJpegComment(jpg: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const segment = Buffer.alloc(4 + body.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  body.copy(segment, 4);
  return Buffer.concat([jpg.subarray(0, 2), segment, jpg.subarray(2)]);
}

/** A GIF with a comment extension holding `text`, inserted before the trailer. */
export function withGifComment(g: Buffer, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const ext = Buffer.concat([Buffer.from([0x21, 0xfe, body.length]), body, Buffer.from([0])]);
  return Buffer.concat([g.subarray(0, g.length - 1), ext, g.subarray(g.length - 1)]);
}

/** A minimal ZIP archive (one stored file): what a GIFAR or PNG/ZIP polyglot appends. */
export function zipArchive(): Buffer {
  const name = Buffer.from('evil.class', 'latin1');
  const data = Buffer.from('payload', 'latin1');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
