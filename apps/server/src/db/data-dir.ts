import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database's folder, held by one server at a time (docs/operations.md#starting-and-stopping).
 * Two servers on one DATA_DIR each opened the database as their own copy: both took the same cash
 * for different orders, and the folder did not open again after they stopped.
 */

/** A data folder the server cannot use: one line on stderr, as a refused configuration is. */
export class DataDirError extends Error {}

const LOCK_FILE = 'server.pid';

/**
 * Makes `dir` and its missing parents one at a time. Node's recursive mkdir loops for ever on a
 * folder it cannot make under /proc (ENOENT retried), a server that never starts nor stops.
 */
export function makeFolder(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  while (!fs.existsSync(at)) {
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  for (const folder of missing) fs.mkdirSync(folder);
}

/** Whether a process with this id runs (one of another user counts: it may not be signalled). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? String(err);

/**
 * Takes the data folder for this process: `server.pid` in it, made only if absent (so of two servers
 * starting at once one makes it), holding this process's id. A file whose process is gone (a crash, a kill -9) is taken over.
 * Answers the release, which removes the file while it is still this process's.
 */
export function holdDataDir(dataDir: string): () => void {
  try {
    makeFolder(dataDir);
  } catch (err) {
    throw new DataDirError(
      `DATA_DIR(${dataDir}) 폴더를 만들 수 없습니다 (${codeOf(err)}). 쓸 수 있는 폴더를 지정하세요.`,
    );
  }
  const file = path.join(dataDir, LOCK_FILE);
  const own = String(process.pid);
  for (let tries = 0; tries < 3; tries++) {
    try {
      // Written whole, then linked in place (a link is made only where no file is): a server
      // starting beside this one never reads a mark half-written.
      const draft = `${file}.${own}`;
      fs.writeFileSync(draft, own);
      try {
        fs.linkSync(draft, file);
      } finally {
        fs.rmSync(draft, { force: true });
      }
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === own) fs.rmSync(file);
        } catch {
          // Gone already: nothing to release.
        }
      };
    } catch (err) {
      if (codeOf(err) !== 'EEXIST')
        throw new DataDirError(`DATA_DIR(${dataDir})에 쓸 수 없습니다 (${codeOf(err)}). 쓸 수 있는 폴더를 지정하세요.`);
    }
    let mark: string | null = null;
    try {
      mark = fs.readFileSync(file, 'utf8');
    } catch {
      // Removed meanwhile by the server that held it: try again.
    }
    if (mark === null) continue;
    const holder = Number(mark.trim());
    if (Number.isInteger(holder) && holder > 0 && String(holder) !== own && running(holder))
      throw new DataDirError(
        `다른 서버(pid ${holder})가 이 데이터 폴더(${dataDir})를 쓰고 있습니다. 그 서버를 멈춘 뒤 다시 시작하거나 다른 DATA_DIR을 지정하세요.`,
      );
    // Still the dead process's mark (not one a server starting beside this one just wrote).
    try {
      if (fs.readFileSync(file, 'utf8') === mark) fs.rmSync(file);
    } catch {
      // Gone meanwhile: try again.
    }
  }
  throw new DataDirError(`DATA_DIR(${dataDir})를 차지하지 못했습니다. 다른 서버가 시작 중인지 확인하세요.`);
}
