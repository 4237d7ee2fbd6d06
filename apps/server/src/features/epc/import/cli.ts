import path from 'node:path';
import { groupDigits } from '@partsmall/contract';
import { loadConfig } from '../../../config.js';
import { openDatabase } from '../../../db/client.js';
import { formatProblem, importCatalogue } from './index.js';

/**
 * `npm run catalogue:import -- DIR`: imports the catalogue folder DIR (docs/catalogue-format.md)
 * into the configured database (DATABASE_URL, else the embedded one under DATA_DIR), images into
 * UPLOAD_DIR. Exit code 1 when the catalogue was refused.
 */
const arg = process.argv[2];
if (!arg) {
  console.error('사용법: npm run catalogue:import -- <카탈로그 폴더>');
  process.exit(2);
}
// npm runs scripts from the repository root; a relative folder means the one the user typed it in.
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
try {
  const report = await importCatalogue(database.db, dir, { uploadDir: config.uploadDir });
  if (report.ok) {
    const counts = Object.entries(report.counts)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${groupDigits(n)}`)
      .join(', ');
    console.log(
      `카탈로그 ${report.mcid}을(를) 가져왔습니다: 버전 ${report.version}, ${report.ms} ms, ${counts}, 새 이미지 ${report.imagesWritten}개`,
    );
  } else {
    console.error(
      `카탈로그를 가져오지 않았습니다. 문제 ${report.problems.length + report.moreProblems}건 (아무것도 바뀌지 않았습니다):`,
    );
    for (const p of report.problems) console.error(`  ${formatProblem(p)}`);
    if (report.moreProblems > 0) console.error(`  … 외 ${report.moreProblems}건`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
