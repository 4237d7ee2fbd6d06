#!/usr/bin/env node
/**
 * Reads Vitest JSON reports (VITEST_JSON_REPORT, see vitest.config.ts) and prints what CI ends
 * with (docs/operations.md#tests): each project's files, tests and summed file time, the slowest
 * files, and the totals as one closing line. `node scripts/test-report.mjs a.json [b.json …]`;
 * `--slowest N` (20) sets how many files are listed.
 */
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let slowest = 20;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--slowest') slowest = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node scripts/test-report.mjs report.json [more.json …] [--slowest N]');
  process.exit(2);
}

const projectOf = (file) => {
  if (file.includes('/e2e/')) return 'e2e';
  if (file.includes('/test/integration/')) return 'server';
  return 'unit';
};

const rows = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const report of files) {
  const label = path.basename(report, '.json');
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
  for (const result of json.testResults) {
    const seconds = (result.endTime - result.startTime) / 1000;
    rows.push({
      run: label,
      project: projectOf(result.name),
      file: path.relative(process.cwd(), result.name),
      seconds,
      tests: result.assertionResults.length,
    });
  }
}

const byProject = new Map();
for (const row of rows) {
  const key = `${row.run} ${row.project}`;
  const entry = byProject.get(key) ?? { files: 0, tests: 0, seconds: 0 };
  entry.files += 1;
  entry.tests += row.tests;
  entry.seconds += row.seconds;
  byProject.set(key, entry);
}
console.log("\nTest files per run and project (seconds are the files' own times, summed over workers):");
for (const [key, entry] of byProject)
  console.log(
    `  ${key.padEnd(28)} ${String(entry.files).padStart(4)} files ${String(entry.tests).padStart(5)} tests ${entry.seconds.toFixed(0).padStart(6)} s`,
  );

console.log(`\nThe ${slowest} slowest test files:`);
for (const row of rows.sort((a, b) => b.seconds - a.seconds).slice(0, slowest))
  console.log(`  ${row.seconds.toFixed(1).padStart(6)} s  ${row.run.padEnd(14)} ${row.file}`);

const total = totals.passed + totals.failed + totals.skipped;
console.log(`\n${total} tests in all`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
