// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyGrid } from './EmptyGrid';
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

describe('no product has every word, though each is in some name', () => {
  const offers = (keyword: string, grid: Partial<Parameters<typeof EmptyGrid>[0]['grid']> = {}) => {
    cleanup();
    const searched: string[] = [];
    render(
      <EmptyGrid
        grid={{ loading: false, items: [], unmatchedWord: undefined, searchedAs: 'name', ...grid }}
        keyword={keyword}
        onSearch={(kw) => searched.push(kw)}
      />,
    );
    const status = screen.queryByTestId('none-has-all-words');
    const buttons = screen.queryAllByRole('button');
    for (const b of buttons) fireEvent.click(b);
    return {
      text: status?.querySelector('p')?.textContent ?? null,
      buttons: buttons.map((b) => b.textContent),
      searched,
    };
  };

  it('says so and offers the search without each word, as the server read them', () => {
    expect(offers('X5 브레이크')).toEqual({
      text: "모든 검색어('x5', '브레이크')가 들어간 상품은 없습니다. 한 단어를 빼고 찾아 보세요.",
      buttons: ["'x5' 빼고 '브레이크' 검색", "'브레이크' 빼고 'x5' 검색"],
      searched: ['브레이크', 'x5'],
    });
    expect(offers('벤츠 E클래스 패드', { searchedAs: 'similar' }).searched).toEqual([
      'e클래스 패드',
      '벤츠 패드',
      '벤츠 e클래스',
    ]);
  });

  it('not for one word, five, a number, a word the server named, or a grid with products', () => {
    expect(offers('브레이크').text).toBeNull();
    expect(offers('벤츠 E클래스 W213 프론트 패드').text).toBeNull();
    expect(offers('HU 816', { searchedAs: 'number' }).text).toBeNull();
    expect(offers('X5 브레이크', { searchedAs: undefined }).text).toBeNull();
    expect(offers('X5 브레이크', { items: [{}] }).text).toBeNull();
    const named = offers('벤츠 패드 순정', { unmatchedWord: '순정' });
    expect([named.text, named.buttons]).toEqual([null, ["'순정' 빼고 '벤츠 패드' 검색"]]);
  });
});

describe('a part number no product has, under an empty search', () => {
  /** The line and the buttons under an empty grid whose search named `word`, and what they search. */
  const named = (keyword: string, word: string, category?: string) => {
    cleanup();
    const searched: string[] = [];
    render(
      <EmptyGrid
        grid={{ loading: false, items: [], unmatchedWord: word, searchedAs: 'name' }}
        keyword={keyword}
        category={category}
        onSearch={(kw) => searched.push(kw)}
      />,
    );
    const buttons = screen.queryAllByRole('button');
    for (const b of buttons) fireEvent.click(b);
    return {
      text: screen.getByTestId('unmatched-word').querySelector('p')!.textContent,
      buttons: buttons.map((b) => b.textContent),
      searched,
    };
  };

  it('says no product has the number, not that no name has the word', () => {
    expect(named('99999999999', '99999999999')).toEqual({
      text: "품번 '99999999999'인 상품이 없습니다.",
      buttons: [],
      searched: [],
    });
    expect(named('HU816X9 필터', 'hu816x9')).toEqual({
      text: "품번 'HU816X9'인 상품이 없습니다.",
      buttons: ["'hu816x9' 빼고 '필터' 검색"],
      searched: ['필터'],
    });
  });

  it('in a category, says the category has none and offers every category', () => {
    expect(named('42215489599', '42215489599', 'disc')).toEqual({
      text: "이 분류에는 품번 '42215489599'인 상품이 없습니다.",
      buttons: ["전체 분류에서 '42215489599' 검색"],
      searched: ['42215489599'],
    });
  });

  it('a word that is no part number is still one no name has', () => {
    expect(named('벤츠 W213 패드', 'w213').text).toBe("상품명에 없는 검색어: 'w213'");
  });
});
