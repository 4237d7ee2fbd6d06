import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeUnusedChunks } from '../../build-chunks.mjs';

let dist: string;
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

/** A dist folder holding these files (name → text). */
function distWith(files: Record<string, string>): string {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-dist-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), text);
  return dist;
}

describe('removeUnusedChunks (apps/server/build.mjs after a baseline build)', () => {
  it('removes the chunks no bundle reaches, with their maps, and keeps every chunk an entry reaches directly or through another chunk', () => {
    distWith({
      'main.js': 'import pg from "pg";',
      'bench-bare-products.js':
        'import { a } from "./bench-chunk-AAAA1111.js";\nconst app = () => import("./bench-chunk-BBBB2222.js");',
      'bench-chunk-AAAA1111.js': "export { c } from './bench-chunk-CCCC3333.js';",
      'bench-chunk-AAAA1111.js.map': '{}',
      'bench-chunk-BBBB2222.js': 'export const b = 2;',
      'bench-chunk-CCCC3333.js': 'export const c = 3;',
      'bench-bare-epc.js': 'import { e } from "./bench-chunk-EEEE5555.js";',
      'bench-chunk-EEEE5555.js': 'export const e = 5;',
      'bench-chunk-OLD00001.js': 'export const old = 1;',
      'bench-chunk-OLD00001.js.map': '{}',
      'bench-chunk-OLD00002.js': 'import "./bench-chunk-OLD00001.js";',
    });
    expect(removeUnusedChunks(dist).sort()).toEqual(['bench-chunk-OLD00001.js', 'bench-chunk-OLD00002.js']);
    expect(fs.readdirSync(dist).sort()).toEqual([
      'bench-bare-epc.js',
      'bench-bare-products.js',
      'bench-chunk-AAAA1111.js',
      'bench-chunk-AAAA1111.js.map',
      'bench-chunk-BBBB2222.js',
      'bench-chunk-CCCC3333.js',
      'bench-chunk-EEEE5555.js',
      'main.js',
    ]);
  });

  it('removes nothing when every chunk is reached', () => {
    distWith({
      'bench-bare-search.js': 'import { s } from "./bench-chunk-SSSS0001.js";',
      'bench-chunk-SSSS0001.js': 'export const s = 1;',
    });
    expect(removeUnusedChunks(dist)).toEqual([]);
    expect(fs.readdirSync(dist).sort()).toEqual(['bench-bare-search.js', 'bench-chunk-SSSS0001.js']);
  });
});
