import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEMO_LOGINS, seedDemo } from './demo.js';

/** `npm run seed`: adds the demo shop to the configured database (missing pieces only). */
const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
await seedDemo(database.db, { uploadDir: config.uploadDir });
await database.close();
console.log(`데모 데이터를 준비했습니다 (${database.kind}).`);
for (const l of DEMO_LOGINS) console.log(`  ${l.id} / ${l.pw}  ${l.what}`);
