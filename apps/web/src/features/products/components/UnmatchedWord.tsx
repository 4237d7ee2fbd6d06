import { isPartNumberWord, searchWords } from '@partsmall/contract';
import { T } from '../../../shared/texts';
import { TP } from '../texts';

/**
 * Under an empty search: the word no product's name has, nor a reading of it, that left the search
 * empty ('벤츠 패드 순정': 순정, docs/search.md#a-word-no-product-has), and the search without it,
 * one tap away. Every word must match, so buyers who add 순정 or 정품 found nothing and were not told why.
 * A part number is no word of a name: no product has it (or none in the category the buyer is in,
 * with the search of every category on offer).
 */
export function UnmatchedWord({
  keyword,
  word,
  category,
  onSearch,
}: {
  keyword: string;
  word: string;
  category?: string | undefined;
  onSearch: (keyword: string) => void;
}) {
  const words = searchWords(keyword);
  // The words as the server read them; the rest is offered only when the word was one of them.
  const rest = words.filter((w) => w !== word);
  const offer = rest.length > 0 && rest.length < words.length ? rest.join(' ') : null;
  const number = isPartNumberWord(word) ? word.toUpperCase() : null;
  const elsewhere = number !== null && Boolean(category);
  return (
    <div className="unmatched-word" role="status" data-testid="unmatched-word">
      <p>
        {number === null
          ? T.shop.unmatchedWord(word)
          : elsewhere
            ? TP.numberNotInCategory(number)
            : TP.unmatchedNumber(number)}
      </p>
      {(offer !== null || elsewhere) && (
        <div className="unmatched-offers">
          {elsewhere && (
            <button type="button" className="btn" onClick={() => onSearch(keyword)}>
              {TP.searchEveryCategory(keyword)}
            </button>
          )}
          {offer !== null && (
            <button type="button" className="btn" onClick={() => onSearch(offer)}>
              {T.shop.searchWithout(word, offer)}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** More words than this and the offers would crowd the empty grid; the buyer edits the box instead. */
const MAX_OFFERED_WORDS = 4;

/**
 * Under a name search left empty with no word to blame: each word is in some product's name, but no
 * name has them all ('X5 브레이크' where the shop stocks X5 parts and brake parts, none both). Said so,
 * with the search without each word one tap away (docs/search.md#a-word-no-product-has).
 */
export function NoneHasAllWords({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const words = searchWords(keyword);
  if (words.length < 2 || words.length > MAX_OFFERED_WORDS) return null;
  return (
    <div className="unmatched-word" role="status" data-testid="none-has-all-words">
      <p>{T.shop.noneHasAll(words)}</p>
      <div className="unmatched-offers">
        {words.map((word, i) => {
          const rest = words.filter((_, j) => j !== i).join(' ');
          return (
            <button key={word} type="button" className="btn" onClick={() => onSearch(rest)}>
              {T.shop.searchWithout(word, rest)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
