import { describe, expect, it } from 'vitest';
import { redactQueryValues } from './logging.js';

describe('redactQueryValues', () => {
  it('replaces every query value of every address in a JSON line, keeping the names', () => {
    const line = JSON.stringify({
      msg: 'opened /pay/1?key=abc&x=1 then https://s.kr/api/chatFile/2/thumb?exp=99&sig=Zz-_9',
      req: { url: '/a?b=c%20d' },
    });
    expect(JSON.parse(redactQueryValues(line))).toEqual({
      msg: 'opened /pay/1?key=[Redacted]&x=[Redacted] then https://s.kr/api/chatFile/2/thumb?exp=[Redacted]&sig=[Redacted]',
      req: { url: '/a?b=[Redacted]' },
    });
  });

  it('leaves lines without a query alone, and an empty value stays empty', () => {
    const plain = JSON.stringify({ msg: 'total=3 items, a == b', url: '/a?flag&empty=' });
    expect(redactQueryValues(plain)).toBe(plain);
  });
});
