import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataDirError, holdDataDir, makeFolder } from '../../src/db/data-dir.js';

/**
 * One server per embedded database folder (docs/operations.md#starting-and-stopping): a folder held
 * by a running process is refused in one Korean line; one left by a dead process is taken over; a
 * folder that cannot be made is refused at once, never a start that spins for ever.
 */
let root: string;
const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-datadir-'));
});
afterAll(() => {
  sleeper.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});
let n = 0;
const folder = () => path.join(root, `d${++n}`);
const releases: (() => void)[] = [];
afterEach(() => releases.splice(0).forEach((r) => r()));

/** The id of a process that ran and has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the data folder', () => {
  it('is made with its parents and marked with this process id, and released clean', () => {
    const dir = path.join(folder(), 'nested', 'data');
    const release = holdDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.pid'))).toBe(false);
    releases.push(holdDataDir(dir));
  });

  it('held by another running server: refused naming its process, and its mark kept', () => {
    const dir = folder();
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'server.pid'), String(sleeper.pid));
    expect(() => holdDataDir(dir)).toThrow(DataDirError);
    expect(() => holdDataDir(dir)).toThrow(
      `다른 서버(pid ${sleeper.pid})가 이 데이터 폴더(${dir})를 쓰고 있습니다. 그 서버를 멈춘 뒤 다시 시작하거나 다른 DATA_DIR을 지정하세요.`,
    );
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(sleeper.pid));
  });

  it('left by a server that ended (a crash, a kill -9), or holding no process id: taken over', async () => {
    for (const left of [String(await deadPid()), '', 'garbage']) {
      const dir = folder();
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'server.pid'), left);
      releases.push(holdDataDir(dir));
      expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8'), JSON.stringify(left)).toBe(String(process.pid));
    }
  });

  it('a folder that cannot be made is refused at once: under /proc (where a recursive mkdir spins) and under a file', () => {
    const started = Date.now();
    expect(() => makeFolder('/proc/pm-no-such/data')).toThrow(/ENOENT/);
    expect(() => holdDataDir('/proc/pm-no-such/data')).toThrow(
      'DATA_DIR(/proc/pm-no-such/data) 폴더를 만들 수 없습니다 (ENOENT). 쓸 수 있는 폴더를 지정하세요.',
    );
    const file = path.join(folder(), 'afile');
    fs.mkdirSync(path.dirname(file));
    fs.writeFileSync(file, 'x');
    expect(() => holdDataDir(path.join(file, 'data'))).toThrow(/폴더를 만들 수 없습니다 \(ENOTDIR\)/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
