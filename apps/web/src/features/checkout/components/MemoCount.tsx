import { useWatch } from 'react-hook-form';
import { T } from '../../../shared/texts';

/** The memo's character count (0-255). */
export function MemoCount() {
  const memo = (useWatch({ name: 'memo' }) as string | undefined) ?? '';
  return <>{T.trade.checkout.memoCount(memo.length)}</>;
}
