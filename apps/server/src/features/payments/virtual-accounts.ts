import type { Config } from '../../config.js';
import { sandboxVirtualAccounts } from './sandbox.js';
import { createTossGateway, tossVirtualAccounts } from './toss.js';
import { closeTransferAtToss } from './toss-withdrawal.js';
import type { VirtualAccountProvider } from './types.js';

/**
 * Who issues statements' virtual accounts: the provider PAYMENT_PROVIDER names, as for top-ups
 * (docs/operations.md#providers). Production runs the sandbox only when ALLOW_SANDBOX_PAYMENTS
 * switches it on by name (config.ts), and its demo bank page then takes no deposit.
 */
export function virtualAccountsFromConfig(config: Config): VirtualAccountProvider {
  if (config.paymentProvider === 'toss' && config.toss) {
    const gateway = createTossGateway(config.toss, config);
    // Toss keeps an issued account open until its due time: a withdrawal's job closes it there.
    return {
      ...tossVirtualAccounts(gateway),
      closeTransfer: (orderId, reason) => closeTransferAtToss(gateway, orderId, reason),
    };
  }
  return sandboxVirtualAccounts(config.paymentSandboxSecret);
}
