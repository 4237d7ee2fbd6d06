import type { AddressInfo } from 'node:net';
import { SHOP_NAME } from '@partsmall/contract';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirError } from './db/data-dir.js';
import { DEMO_LOGINS, isEmpty, seedDemo } from './seed/demo.js';
import { fillProductNameColumns } from './features/products/index.js';

/** How long a stop may take after the drain delay (requests in flight, sockets, database) before the process exits anyway. */
const STOP_DEADLINE_MS = 8000;

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A refused configuration is one line on stderr, not a stack trace.
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

let database: Database | null = null;
let built: Awaited<ReturnType<typeof buildApp>> | null = null;

// SIGTERM or Ctrl-C at any moment (even during start-up): readiness fails, new connections are
// refused, every request that reached the process is served (shared/drain.ts), then sockets and the
// database close. A second signal, or the deadline, ends it at once.
let closing = false;
async function shutdown(signal: string) {
  if (closing) {
    console.log(`${signal}: 바로 종료합니다.`);
    process.exit(1);
  }
  closing = true;
  const say = (msg: string) =>
    config.production && built ? built.app.log.info({ signal }, msg) : console.log(`${signal}: ${msg}`);
  say('처리 중인 요청을 마치고 종료합니다.');
  const deadline = config.drainDelayMs + STOP_DEADLINE_MS;
  setTimeout(() => {
    console.error(`${deadline / 1000}초 안에 끝나지 않아 강제로 종료합니다.`);
    process.exit(1);
  }, deadline).unref();
  if (built?.app.server.listening) await built.ctx.drain.start().catch(() => undefined);
  await built?.app.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** A start the machine refuses (the data folder, the port): one line on stderr, then exit 1. */
async function refuseStart(message: string): Promise<never> {
  console.error(message);
  await database?.close().catch(() => undefined);
  process.exit(1);
}

try {
  database = await openDatabase(config.databaseUrl, config.dataDir);
} catch (err) {
  if (!(err instanceof DataDirError)) throw err;
  await refuseStart(err.message);
}
if (!database) throw new Error('no database');
if (config.seedDemo && (await isEmpty(database.db))) await seedDemo(database.db, { uploadDir: config.uploadDir });
// Products written before the name search forms existed get them now (docs/search.md#korean-name-search).
await fillProductNameColumns(database.db);

built = await buildApp({ config, db: database.db });
const { app } = built;
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err;
  await app.close().catch(() => undefined);
  await refuseStart(
    code === 'EADDRINUSE'
      ? `포트 ${config.port}을(를) 이미 다른 프로그램이 쓰고 있습니다. 그 프로그램을 멈추거나 PORT로 다른 포트를 지정하세요.`
      : `포트 ${config.port}을(를) 열 권한이 없습니다. PORT로 1024 이상의 포트를 지정하세요.`,
  );
}
const { port } = app.server.address() as AddressInfo;

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `내장 PostgreSQL (${config.dataDir})`;
if (config.demo) {
  console.log(`\n데모 상점이 http://localhost:${port} 에서 실행 중입니다 (pid ${process.pid}). 데이터베이스: ${where}`);
  console.log('테스트 결제(sandbox), 콘솔 문자, 개발용 문자 발신함(/dev/outbox, 이 컴퓨터에서만)이 켜져 있습니다.');
  console.log('데모 로그인:');
  for (const l of DEMO_LOGINS) console.log(`  ${l.id.padEnd(22)} ${l.pw.padEnd(10)} ${l.what}`);
  console.log('API 문서: /docs   종료: Ctrl-C\n');
} else {
  // Production logs are JSON lines only. The start line is written whatever LOG_LEVEL says: service
  // managers and scripts wait for it.
  const started = {
    port,
    publicUrl: config.publicUrl,
    pid: process.pid,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    payments: config.paymentProvider,
    sms: config.smsProvider,
  };
  process.stdout.write(
    `${JSON.stringify({ level: 30, time: Date.now(), ...started, msg: `${SHOP_NAME}이 운영 모드로 실행 중입니다.` })}\n`,
  );
  if (config.paymentProvider === 'sandbox')
    app.log.warn('주의: 결제는 sandbox입니다 (ALLOW_SANDBOX_PAYMENTS=true). 결제 승인은 서명된 통보로만 반영됩니다.');
  if (config.smsProvider === 'console')
    app.log.warn('주의: 문자는 보내지지 않고 로그에만 남습니다 (ALLOW_CONSOLE_SMS=true).');
  if (config.notify.provider === 'console')
    app.log.warn('주의: 알림톡은 보내지지 않고 발신함과 로그에만 남습니다 (ALLOW_CONSOLE_NOTIFY=true).');
  if (config.notify.provider === 'off')
    app.log.warn(
      '주의: 알림톡 발송 수단이 없어 알림 작업이 실패(보류)로 남습니다 (NOTIFY_PROVIDER=solapi 를 설정하세요).',
    );
  if (config.popbill?.test)
    app.log.warn(
      '주의: 세금계산서는 팝빌 테스트 서비스로 발행되어 국세청에 전송되지 않습니다 (ALLOW_POPBILL_TEST=true).',
    );
  if (config.toss && (config.toss.secretKey.startsWith('test_') || config.toss.clientKey.startsWith('test_')))
    app.log.warn('주의: 토스페이먼츠 테스트 키입니다. 실제 결제 없이 캐시가 충전됩니다 (ALLOW_TOSS_TEST_KEYS=true).');
  if (config.devOutbox)
    app.log.warn('주의: 개발용 문자 발신함이 켜져 있습니다 (ALLOW_DEV_OUTBOX=true, 이 컴퓨터에서만).');
}
