/**
 * `npm run bench` runs every benchmark; `npm run bench -- products` one of them.
 * Benchmarks need a PostgreSQL server: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one.
 */
const which = process.argv[2] ?? 'all';
const benches: Record<string, () => Promise<void>> = {
  products: async () => (await import('./products.js')).run(),
  orders: async () => (await import('./orders.js')).run(),
  lighthouse: async () => (await import('./lighthouse.js')).run(),
  cls: async () => (await import('./cls.js')).run(),
  catalogue: async () => (await import('./catalogue-import.js')).run(),
  chat: async () => (await import('./chat.js')).run(),
  crash: async () => (await import('./crash.js')).run(),
  'deposits-crash': async () => (await import('./deposits-crash.js')).run(),
  statement: async () => (await import('./statement.js')).run(),
  jobs: async () => (await import('./jobs.js')).run(),
  search: async () => (await import('./search.js')).run(),
  quickorder: async () => (await import('./quickorder.js')).run(),
  relevance: async () => (await import('./relevance.js')).run(),
  close: async () => (await import('./close.js')).run(),
  'credit-checkout': async () => (await import('./credit-checkout.js')).run(),
  'deposit-webhook': async () => (await import('./deposit-webhook.js')).run(),
  'bank-file': async () => (await import('./bank-file.js')).run(),
};
const names = which === 'all' ? Object.keys(benches) : [which];
for (const name of names) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark '${name}': ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  await bench();
}
export {};
