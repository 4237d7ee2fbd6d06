import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/paths.js';

/**
 * The repository explains itself with its own documents: every `docs/<file>.md` or
 * `docs/<file>.md#anchor` named in a source file or a document must exist, with a heading whose
 * GitHub slug is the anchor, and nothing may cite a document the repository does not hold (the design
 * notes and product descriptions the code was first written from). The README stays a short front door.
 */

const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|css|html|json|ya?ml|conf|example|sh)$|(^|\/)(Dockerfile|run)$/;
const SKIP = /(^|\/)(node_modules|dist|data|screenshots|\.tools)\/|package-lock\.json$/;
const SELF = 'apps/server/test/unit/doc-links.test.ts';

/** The files git tracks (what a clone holds), or every text file of the tree outside a git checkout. */
function repositoryFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.name === '.git' || SKIP.test(`${rel}/`)) continue;
        if (entry.isDirectory()) walk(rel);
        else files.push(rel);
      }
    };
    walk('');
  }
  return files.filter((f) => TEXT_FILE.test(f) && !SKIP.test(f) && f !== SELF && fs.existsSync(path.join(repoRoot, f)));
}

/** GitHub's heading anchor: lower case, punctuation dropped (letters of any script kept), spaces to hyphens. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings, with GitHub's -1, -2 suffixes for repeated ones. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

interface Link {
  from: string;
  line: number;
  /** Repository path of the document named. */
  target: string;
  anchor: string | null;
}

/**
 * `docs/x.md` and `docs/x.md#anchor` anywhere (an anchor never holds '.' or ':', which GitHub's slugs
 * drop, so a sentence's full stop is not read as part of it); in Markdown also relative links
 * `](x.md#a)` and `](#a)`.
 */
function linksIn(file: string, text: string): Link[] {
  const links: Link[] = [];
  text.split('\n').forEach((content, i) => {
    for (const m of content.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(?:#([^\s)`'"\],;.:]+))?/g)) {
      links.push({ from: file, line: i + 1, target: `docs/${m[1]}`, anchor: m[2] ?? null });
    }
    if (!file.endsWith('.md')) return;
    for (const m of content.matchAll(/\]\(([^)\s]*)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href) || href.startsWith('docs/')) continue;
      const [ref, anchor] = href.split('#') as [string, string | undefined];
      if (ref && !ref.endsWith('.md')) continue;
      const target = ref ? path.posix.normalize(path.posix.join(path.posix.dirname(file), ref)) : file;
      links.push({ from: file, line: i + 1, target, anchor: anchor ?? null });
    }
  });
  return links;
}

const files = repositoryFiles();
const read = (f: string) => fs.readFileSync(path.join(repoRoot, f), 'utf8');

describe('links to the repository documents', () => {
  it('scans the repository (sources, tests, docs)', () => {
    expect(files).toContain('README.md');
    expect(files).toContain('docs/requirements.md');
    expect(files).toContain('apps/server/src/app.ts');
  });

  it('every docs/… file and anchor named in a file exists', () => {
    const anchors = new Map<string, Set<string> | null>();
    const anchorsFor = (target: string) => {
      if (!anchors.has(target)) {
        const full = path.join(repoRoot, target);
        anchors.set(target, fs.existsSync(full) ? anchorsOf(fs.readFileSync(full, 'utf8')) : null);
      }
      return anchors.get(target)!;
    };
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      for (const link of linksIn(file, read(file))) {
        checked++;
        const known = anchorsFor(link.target);
        const where = `${link.from}:${link.line}: ${link.target}${link.anchor ? `#${link.anchor}` : ''}`;
        if (known === null) broken.push(`${where} (no such file)`);
        else if (link.anchor !== null && !known.has(decodeURIComponent(link.anchor)))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
    // The comments do cite the docs: an empty scan would pass for the wrong reason.
    expect(checked).toBeGreaterThan(100);
  });

  it('nothing cites a document outside the repository', () => {
    const outside = [
      /\bDESIGN\.md\b/,
      /\bUI\.md\b/,
      /\bspec\s*\d+\s*§/i,
      /§\s*\d/,
      /(\.\.\/)+shared\/(spec|DESIGN|UI\b|hooks)/,
      /\/work\/(shared|briefs)\b/,
    ];
    const found: string[] = [];
    for (const file of files) {
      read(file)
        .split('\n')
        .forEach((content, i) => {
          if (outside.some((re) => re.test(content))) found.push(`${file}:${i + 1}: ${content.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('README.md is a front door of at most 200 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(200);
  });
});

describe('githubSlug', () => {
  it('slugs headings as GitHub does, Korean included', () => {
    expect(githubSlug('Order statuses')).toBe('order-statuses');
    expect(githubSlug('Payments: Toss Payments')).toBe('payments-toss-payments');
    expect(githubSlug('Behind a proxy: `TRUST_PROXY_HOPS`')).toBe('behind-a-proxy-trust_proxy_hops');
    expect(githubSlug('주문 상태 (Order statuses)')).toBe('주문-상태-order-statuses');
    expect(githubSlug('[Chat](#chat) and QR login')).toBe('chat-and-qr-login');
  });

  it('gives repeated headings -1, -2', () => {
    expect([...anchorsOf('# A\n## Notes\n```\n# not a heading\n```\n## Notes\n### Notes\n')]).toEqual([
      'a',
      'notes',
      'notes-1',
      'notes-2',
    ]);
  });
});
