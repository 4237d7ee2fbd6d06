// Builds the web app into apps/web/dist and records a hash of what it was built from. With
// `--if-changed` (what `npm start` runs) the build is skipped when dist was built from exactly the
// files it would be built from now (docs/operations.md#starting-and-stopping): a second `npm start`,
// and the start-stop test after `npm test`'s own build, start in seconds instead of rebuilding.
// The inputs: everything under apps/web but its output, the contract's sources (the web bundles
// them) and the lockfile (fonts and every package come from node_modules). A changed byte anywhere
// in them, or a dist without the record of its inputs, builds as before.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const record = path.join(dist, '.build-inputs');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.vite']);

/** Every file under `folder` (relative to the root), in a fixed order, output folders left out. */
function filesUnder(folder) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (entry.isFile()) out.push(path.join(dir, entry.name));
    }
  };
  walk(folder);
  return out;
}

/** One hash of every input file's path and bytes. */
function webInputsHash() {
  const hash = createHash('sha256');
  const files = [...filesUnder('apps/web'), ...filesUnder('packages/contract/src'), 'package-lock.json'].sort();
  for (const file of files) {
    hash.update(file.split(path.sep).join('/')).update('\0');
    hash.update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

const inputs = webInputsHash();
const built = fs.existsSync(record) ? fs.readFileSync(record, 'utf8').trim() : '';
const current = built === inputs && fs.existsSync(path.join(dist, 'index.html'));
// `--check` builds nothing: it fails when dist is missing or older than its sources (the browser
// tests' setup asks, so that no browser test reads a stale app and `npm start` never rewrites
// dist while they run: docs/operations.md#tests).
if (process.argv.includes('--check')) {
  if (!current) {
    console.error('apps/web/dist가 없거나 소스보다 오래되었습니다: npm run build를 먼저 실행하세요.');
    process.exit(1);
  }
  process.exit(0);
}
const ifChanged = process.argv.includes('--if-changed');
if (ifChanged && current) {
  console.log('웹 앱은 이미 최신입니다 (apps/web/dist): 빌드를 건너뜁니다.');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // Vite empties dist when it starts: a build that failed halfway leaves no record behind.
  fs.writeFileSync(record, `${inputs}\n`);
}
