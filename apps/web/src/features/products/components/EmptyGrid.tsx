import { Empty } from '../../../shared/ui/states';
import { UnmatchedWord } from './UnmatchedWord';

/**
 * What stands where a home grid's products would (desktop and phone): once an answer came, the
 * empty text when it has none, and the word no product has when one left the search empty.
 */
export function EmptyGrid({
  grid,
  keyword,
  onSearch,
}: {
  grid: { loading: boolean; items: readonly unknown[]; unmatchedWord: string | undefined };
  keyword: string;
  onSearch: (keyword: string) => void;
}) {
  if (grid.loading) return null;
  return (
    <>
      {grid.items.length === 0 && <Empty />}
      {grid.unmatchedWord && <UnmatchedWord keyword={keyword} word={grid.unmatchedWord} onSearch={onSearch} />}
    </>
  );
}
