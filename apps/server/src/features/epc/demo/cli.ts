import fs from 'node:fs';
import path from 'node:path';
import { allDemoCatalogueFiles } from './generate.js';

/**
 * `npm run catalogue:demo -- OUT`: writes the demo catalogues as import folders OUT/<mcid>/, the
 * files the demo seed loads; each folder can be loaded with `npm run catalogue:import -- OUT/<mcid>`.
 */
const arg = process.argv[2];
if (!arg) {
  console.error('사용법: npm run catalogue:demo -- <출력 폴더>');
  process.exit(2);
}
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
for (const { mcid, files } of allDemoCatalogueFiles()) {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(out, mcid, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  console.log(`${path.join(out, mcid)}: 파일 ${Object.keys(files).length}개`);
}
