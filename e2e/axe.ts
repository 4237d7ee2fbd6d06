import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core in the page under test. Its source is handed to the page through the DevTools protocol
 * (page.evaluate), which the page's Content-Security-Policy does not govern: a <script> element
 * with the source inline would be refused by `script-src 'self'`, as the policy means it to be.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA, and axe's best practices (landmarks, skip link, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** The first few elements at fault, each with what axe says is wrong. */
  nodes: string[];
}

/** `experimental`: axe's experimental rules too (label-content-name-mismatch, WCAG 2.5.3, is one). */
export async function axeViolations(page: Page, opts: { experimental?: boolean } = {}): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (tags) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
      interface AxeResults {
        violations: {
          id: string;
          impact: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      }
      const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        nodes: v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`),
      }));
    },
    opts.experimental ? [...TAGS, 'experimental'] : TAGS,
  );
}

/**
 * One rule's findings, the ones axe leaves for a person to review ('incomplete') included: a rule
 * such as label-content-name-mismatch reports a button whose text it cannot compare there.
 */
export async function axeRule(page: Page, rule: string): Promise<{ violations: string[]; incomplete: string[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (id) => {
    interface Result {
      nodes: { target: unknown[] }[];
    }
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: Result[]; incomplete: Result[] }> };
      }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'rule', values: [id] } });
    const targets = (list: Result[]) => list.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    return { violations: targets(results.violations), incomplete: targets(results.incomplete) };
  }, rule);
}
