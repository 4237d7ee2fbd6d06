/** The trade feature's surface for the rest of the server (docs/architecture.md#boundaries). */
export { registerTradeChannel } from './channel.js';
