import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFields, isPrintableOnDocuments } from '@partsmall/contract';
import { MALL_CONFIG } from '../../seed/mall-config.js';
import { FONT_DIR } from './pdf.js';

/**
 * The shop settings' texts a document prints take only what the documents' font draws
 * (docs/requirements.md#validation): the rule the contract writes (`isPrintableOnDocuments`) is
 * checked here against the committed font itself, so a changed font or list cannot drift apart.
 */
const require = createRequire(import.meta.url);
type Font = { hasGlyphForCodePoint(cp: number): boolean };
const fontkit = require(require.resolve('fontkit', { paths: [path.dirname(require.resolve('pdfkit'))] })) as {
  create(buffer: Uint8Array): Font;
};
const fonts = ['Pretendard-Regular.ttf', 'Pretendard-Bold.ttf'].map((f) =>
  fontkit.create(readFileSync(path.join(FONT_DIR, f))),
);

describe('isPrintableOnDocuments', () => {
  it('allows exactly the emoji-like characters both weights of the font draw', () => {
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x3ffff; cp++) {
      const ch = String.fromCodePoint(cp);
      if (!/[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]/u.test(ch)) continue;
      const drawn = fonts.every((f) => f.hasGlyphForCodePoint(cp));
      if (isPrintableOnDocuments(ch) !== drawn) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses an emoji, a flag, a skin tone or an emoji mark; Korean, © and ™ print', () => {
    expect(['김🚗도윤', '🇰🇷', '👍🏽', '©\uFE0F', '1\u20E3', '☎'].map(isPrintableOnDocuments)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(
      ['(주)파츠몰코리아', 'Copyright © 파츠몰', '파츠몰™', '서울 강남구 테헤란로 123, 5층'].map(
        isPrintableOnDocuments,
      ),
    ).toEqual([true, true, true, true]);
  });

  it("is the shop settings' rule for the 공급자 fields only", () => {
    // The demo shop's footer, with emoji in the two fields no document prints.
    const footer = {
      ...MALL_CONFIG.mallBottom,
      hours: '평일 09:30~17:30 🚗',
      copyright: 'Copyright © 파츠몰코리아 ✨',
    };
    const paths = (over: Record<string, string>) =>
      (configFields.shape.mallBottom.safeParse({ ...footer, ...over }).error?.issues ?? []).map((i) =>
        i.path.join('.'),
      );
    expect(paths({})).toEqual([]);
    expect(paths({ ceo: '김🚗도윤', address: '🏢 강남', companyName: '파츠몰🇰🇷', phone: '☎1588' })).toEqual([
      'companyName',
      'ceo',
      'address',
      'phone',
    ]);
  });
});
