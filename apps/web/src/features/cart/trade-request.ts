import { tradeSocket } from '../../shared/trade';
import { T } from '../../shared/texts';

export interface TradeAnswer<R = unknown> {
  code: number;
  message: string;
  field?: string;
  clientRequestId?: string;
  results?: R;
}

/**
 * Emits a trade-channel request and resolves with its answer event. `accept` picks the answer
 * meant for this request (payments carry a client request id); a missing answer resolves with
 * code 0 and `timeoutMessage` after `timeoutMs`.
 */
export function tradeRequest<R = unknown>(
  event: string,
  answer: string,
  payload: object,
  opts: { timeoutMs?: number; timeoutMessage?: string; accept?: (a: TradeAnswer<R>) => boolean } = {},
): Promise<TradeAnswer<R>> {
  const socket = tradeSocket();
  if (!socket) return Promise.resolve({ code: 401, message: T.common.tokenExpired });
  return new Promise((resolve) => {
    const onAnswer = (a: TradeAnswer<R>) => {
      if (opts.accept && !opts.accept(a)) return;
      clearTimeout(timer);
      socket.off(answer, onAnswer);
      resolve(a);
    };
    const timer = setTimeout(() => {
      socket.off(answer, onAnswer);
      resolve({ code: 0, message: opts.timeoutMessage ?? T.trade.timeout });
    }, opts.timeoutMs ?? 15_000);
    socket.on(answer, onAnswer);
    // socket.io buffers the emit until the connection is up.
    socket.emit(event, payload);
  });
}
