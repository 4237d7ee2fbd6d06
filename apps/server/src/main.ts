import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DEMO_LOGINS, isEmpty, seedDemo } from './seed/demo.js';

const config = loadConfig();
let database: Database | null = null;
let app: Awaited<ReturnType<typeof buildApp>>['app'] | null = null;

// Ctrl-C at any moment (even during start-up) closes sockets, the HTTP server and the database.
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: 종료합니다.`);
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

database = await openDatabase(config.databaseUrl, config.dataDir);
if (config.seedDemo && (await isEmpty(database.db))) await seedDemo(database.db, { uploadDir: config.uploadDir });

app = (await buildApp({ config, db: database.db })).app;
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `내장 PostgreSQL (${config.dataDir})`;
console.log(`\n부품몰이 http://localhost:${config.port} 에서 실행 중입니다. 데이터베이스: ${where}`);
console.log('데모 로그인:');
for (const l of DEMO_LOGINS) console.log(`  ${l.id.padEnd(22)} ${l.pw.padEnd(10)} ${l.what}`);
console.log('API 문서: /docs   종료: Ctrl-C\n');
