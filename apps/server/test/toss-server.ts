import { startTestServer, type TestServer } from './helpers.js';
import { tossStandIn, type TossStandIn } from './stand-ins.js';

/**
 * A test server paying through Toss (PAYMENT_PROVIDER=toss) against a local Toss stand-in of its own
 * that holds `secretKey`: the client key is the secret's test twin ('test_sk_x' → 'test_ck_x'), the
 * timeout 2 s; `env` adds or overrides settings (a shorter timeout, the virtual-account bank, jobs).
 */
export async function startTossServer(
  secretKey: string,
  env: Record<string, string> = {},
): Promise<{ toss: TossStandIn; server: TestServer }> {
  const toss = await tossStandIn(secretKey);
  const server = await startTestServer({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: secretKey.replace('_sk_', '_ck_'),
      TOSS_SECRET_KEY: secretKey,
      TOSS_API_URL: toss.url,
      TOSS_TIMEOUT_MS: '2000',
      ...env,
    },
  });
  return { toss, server };
}
