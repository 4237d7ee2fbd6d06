/**
 * The Solapi and Popbill stand-ins of `providerStandIns` (bench/order-data.ts) in a process of their
 * own, for a benchmark that times requests while the shop's jobs call the providers: in the load
 * generator's process their answers would hold up its event loop, and so the timing of the very
 * requests being measured, only in the rounds whose server sends (docs/performance.md#jobs).
 * Started by `remoteProviderStandIns`; tells its parent the settings, answers 'counts', ends with it.
 */
import { providerStandIns } from './order-data.js';

const [name, templatesJson] = process.argv.slice(2);
const standIns = await providerStandIns(name!, JSON.parse(templatesJson!) as Record<string, string>);
process.on('message', (message: { type?: string }) => {
  if (message?.type === 'counts')
    process.send!({ type: 'counts', sent: standIns.solapi.sent.length, issued: standIns.popbill.issued.size });
});
process.on('disconnect', () => process.exit(0));
process.send!({ type: 'ready', env: standIns.env });
