// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnmatchedWord } from './UnmatchedWord';

afterEach(cleanup);

/** The line and the button under an empty search, and what the button searches. */
function shown(keyword: string, word: string) {
  cleanup();
  const searched: string[] = [];
  render(<UnmatchedWord keyword={keyword} word={word} onSearch={(kw) => searched.push(kw)} />);
  const button = screen.queryByRole('button');
  if (button) fireEvent.click(button);
  return {
    text: screen.getByRole('status').querySelector('p')!.textContent,
    button: button?.textContent ?? null,
    searched,
  };
}

describe('the word no product has, under an empty search (docs/search.md#a-word-no-product-has)', () => {
  it('names the word and searches the other words, as the server read them', () => {
    expect(shown('벤츠 패드 순정', '순정')).toEqual({
      text: "상품명에 없는 검색어: '순정'",
      button: "'순정' 빼고 '벤츠 패드' 검색",
      searched: ['벤츠 패드'],
    });
    // Read as the server reads them: compact and lower case, a Latin word apart from the Hangul it touches.
    expect(shown('OEM브레이크,  패드', 'oem')).toEqual({
      text: "상품명에 없는 검색어: 'oem'",
      button: "'oem' 빼고 '브레이크 패드' 검색",
      searched: ['브레이크 패드'],
    });
  });

  it('offers no search when the word was all of it, or is none of the words read', () => {
    expect(shown('순정', '순정')).toEqual({ text: "상품명에 없는 검색어: '순정'", button: null, searched: [] });
    // landrover: two typed words read as one synonym term; removing nothing would search the same again.
    expect(shown('land rover 패드', 'landrover')).toEqual({
      text: "상품명에 없는 검색어: 'landrover'",
      button: null,
      searched: [],
    });
  });
});
