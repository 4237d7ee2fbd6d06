import { useNavigation, useSearchParams, type URLSearchParamsInit } from 'react-router';
import { gridQueryOf } from './api';

/**
 * A home screen's grid by its address: the query the address holds, a setter, and whether a
 * navigation is under way. The router draws a new address in a transition, so the address bar can
 * show a new search while the old list is still on screen, settled. A change set here is drawn at
 * once instead (`flushSync`: the router's loading state, or the new address when no loader runs),
 * and the list says it is busy from the tap until the searched answer is drawn.
 */
export function useGridAddress(mobile: boolean) {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  return {
    params,
    query: gridQueryOf(params, mobile),
    setAddress: (next: URLSearchParamsInit) => setParams(next, { flushSync: true }),
    navigating: navigation.state !== 'idle',
  };
}
