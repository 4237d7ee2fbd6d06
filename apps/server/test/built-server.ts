import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The server as `npm run build` writes it, run by `npm run start:prod` under plain node. */
export const BUILT_MAIN = path.resolve(import.meta.dirname, '../dist/main.js');
const root = path.resolve(import.meta.dirname, '../../..');

export interface BuiltServer {
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** What it wrote to stdout, and to both streams. */
  stdout(): string;
  logs(): string;
}

/**
 * Starts the built server in production mode with the real providers configured (pointed at a
 * closed local port: no call leaves the machine) and waits for the log line naming its port. A
 * server that does not come up within 45 s, or ends, is killed and the start rejected with its output.
 */
export async function startBuiltServer(dataDir: string, databaseUrl: string | null): Promise<BuiltServer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'https://shop.example.kr',
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: 'toss',
    TOSS_CLIENT_KEY: 'live_ck_built',
    TOSS_SECRET_KEY: 'live_sk_built',
    TOSS_API_URL: 'http://127.0.0.1:9',
    SMS_PROVIDER: 'solapi',
    SOLAPI_API_KEY: 'NCSBUILT',
    SOLAPI_API_SECRET: 'built-secret',
    SOLAPI_SENDER: '021234567',
    SOLAPI_API_URL: 'http://127.0.0.1:9',
    WEB_DIST: '/nonexistent',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, [BUILT_MAIN], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${out}\n${err}`)), 45_000);
      child.stdout!.on('data', () => {
        const m = /"port":(\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      void exited.then(() => reject(new Error(`ended:\n${out}\n${err}`)));
    });
    return { base: `http://127.0.0.1:${port}`, child, exited, stdout: () => out, logs: () => out + err };
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
}
