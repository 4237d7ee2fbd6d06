import { searchWords } from '@partsmall/contract';
import { T } from '../../../shared/texts';

/**
 * Under an empty search: the word no product's name has, nor a reading of it, that left the search
 * empty ('벤츠 패드 순정': 순정, docs/search.md#a-word-no-product-has), and the search without it,
 * one tap away. Every word must match, so buyers who add 순정 or 정품 found nothing and were not told why.
 */
export function UnmatchedWord({
  keyword,
  word,
  onSearch,
}: {
  keyword: string;
  word: string;
  onSearch: (keyword: string) => void;
}) {
  const words = searchWords(keyword);
  // The words as the server read them; the rest is offered only when the word was one of them.
  const rest = words.filter((w) => w !== word);
  const offer = rest.length > 0 && rest.length < words.length ? rest.join(' ') : null;
  return (
    <div className="unmatched-word" role="status" data-testid="unmatched-word">
      <p>{T.shop.unmatchedWord(word)}</p>
      {offer !== null && (
        <button type="button" className="btn" onClick={() => onSearch(offer)}>
          {T.shop.searchWithout(word, offer)}
        </button>
      )}
    </div>
  );
}
