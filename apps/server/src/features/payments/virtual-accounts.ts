import type { Config } from '../../config.js';
import { sandboxVirtualAccounts } from './sandbox.js';
import { createTossGateway, tossVirtualAccounts } from './toss.js';
import type { VirtualAccountProvider } from './types.js';

/**
 * Who issues statements' virtual accounts: the provider PAYMENT_PROVIDER names, as for top-ups
 * (docs/operations.md#providers). Production runs the sandbox only when ALLOW_SANDBOX_PAYMENTS
 * switches it on by name (config.ts), and its demo bank page then takes no deposit.
 */
export function virtualAccountsFromConfig(config: Config): VirtualAccountProvider {
  if (config.paymentProvider === 'toss' && config.toss)
    return tossVirtualAccounts(createTossGateway(config.toss, config));
  return sandboxVirtualAccounts(config.paymentSandboxSecret);
}
