import { Empty } from '../../../shared/ui/states';
import { NoneHasAllWords, UnmatchedWord } from './UnmatchedWord';

/**
 * What stands where a home grid's products would (desktop and phone): once an answer came, the
 * empty text when it has none (nothing when the request failed), and the word no product has when one left the search empty — or,
 * when every word is in some name but none has them all, that, with each word left out on offer.
 */
export function EmptyGrid({
  grid,
  keyword,
  category,
  onSearch,
}: {
  grid: {
    loading: boolean;
    /** The failed request's message: the screen shows it, and no empty text beside it. */
    error?: string | null;
    items: readonly unknown[];
    unmatchedWord: string | undefined;
    searchedAs?: 'number' | 'name' | 'similar' | undefined;
  };
  keyword: string;
  /** The category the grid is of, if any: a part number not in it may be in another. */
  category?: string | undefined;
  /** Searches a keyword in every category. */
  onSearch: (keyword: string) => void;
}) {
  if (grid.loading || grid.error) return null;
  return (
    <>
      {grid.items.length === 0 && <Empty />}
      {grid.unmatchedWord ? (
        <UnmatchedWord keyword={keyword} word={grid.unmatchedWord} category={category} onSearch={onSearch} />
      ) : (
        grid.items.length === 0 &&
        grid.searchedAs !== undefined &&
        grid.searchedAs !== 'number' && <NoneHasAllWords keyword={keyword} onSearch={onSearch} />
      )}
    </>
  );
}
