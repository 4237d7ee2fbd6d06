import { alphaNumber, EPC_TEST_VINS } from '@partsmall/contract';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../../seed/products.js';
import { allDemoCatalogueFiles } from './generate.js';
import { DEMO_WORDS } from './words.js';

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const catalogues = allDemoCatalogueFiles();

describe('demo catalogue files', () => {
  it('has the three test VINs and a vehicle for every other brand', () => {
    const vins = catalogues.flatMap((c) => lines(c.files['vehicles.jsonl']).map((v) => v.vin));
    for (const t of EPC_TEST_VINS) expect(vins).toContain(t.vin);
    const brands = catalogues.map((c) => lines(c.files['catalogue.jsonl'])[0]!.brand);
    expect(brands.sort()).toEqual(['audi', 'benz', 'bmw', 'jaguar', 'land_rover', 'maserati']);
  });

  it.each(catalogues.map((c) => [c.mcid, c.files] as const))(
    '%s: 8+ main groups, sub and child groups, 10+ hotspots on every drawing',
    (_mcid, files) => {
      expect(lines(files['main_groups.jsonl']).length).toBeGreaterThanOrEqual(8);
      const nodes = lines(files['nodes.jsonl']);
      expect(nodes.filter((n) => n.parent).length).toBeGreaterThan(0);
      expect(nodes.filter((n) => !n.parent).length).toBeGreaterThan(8);
      const perDiagram = new Map<string, number>();
      for (const h of lines(files['hotspots.jsonl']))
        perDiagram.set(h.diagram as string, (perDiagram.get(h.diagram as string) ?? 0) + 1);
      const diagrams = lines(files['diagrams.jsonl']);
      expect(diagrams.length).toBeGreaterThanOrEqual(16);
      for (const d of diagrams) {
        expect(perDiagram.get(d.diagram as string), d.diagram as string).toBeGreaterThanOrEqual(10);
        expect(files[d.image as string]).toMatch(/^<svg /);
      }
    },
  );

  it.each(catalogues.map((c) => [c.mcid, c.files] as const))(
    '%s: sold parts, parts that do not fit everyone, a chain of three numbers',
    (mcid, files) => {
      const brand = lines(files['catalogue.jsonl'])[0]!.brand;
      const shop = new Set(
        demoProducts(330)
          .filter((p) => p.brand === brand)
          .map((p) => p.pidKey),
      );
      const parts = lines(files['parts.jsonl']);
      const sold = parts.filter((p) => shop.has(alphaNumber(p.pid as string)));
      expect(sold.length, mcid).toBeGreaterThanOrEqual(20);
      expect(parts.filter((p) => p.fit_all || p.fit_none || p.fit_from || p.fit_to).length).toBeGreaterThanOrEqual(10);
      const chain = lines(files['replacements.jsonl']).filter((r) => r.kind === 'supersedes');
      expect(chain).toHaveLength(2);
      expect(chain[0]!.to).toBe(chain[1]!.pid);
      expect(shop.has(alphaNumber(chain[1]!.to as string))).toBe(true);
    },
  );

  it('has a word for every label and spec name', () => {
    const terms = new Set(DEMO_WORDS.map(([en]) => en));
    expect(terms.size).toBe(DEMO_WORDS.length);
    for (const { files } of catalogues) {
      const labels = [
        ...lines(files['main_groups.jsonl']).map((g) => g.label),
        ...lines(files['nodes.jsonl']).map((n) => n.label),
        ...lines(files['parts.jsonl']).flatMap((p) => [p.label, p.standard_label].filter(Boolean)),
        ...lines(files['vehicles.jsonl']).flatMap((v) => (v.maindata as [string, string][]).map(([k]) => k)),
      ];
      for (const label of labels) expect(terms.has(label as string), label as string).toBe(true);
      // What buyers read beside the labels: a group's description and model, a part's variant
      // (an option code is a code, not a word).
      const codes = new Set(
        lines(files['parts.jsonl']).flatMap((p) => [p.fit_all, p.fit_any, p.fit_none].flat().filter(Boolean)),
      );
      const texts = [
        ...lines(files['nodes.jsonl']).flatMap((n) => [n.description, n.model]),
        ...lines(files['parts.jsonl']).map((p) => p.model),
      ].filter((t): t is string => typeof t === 'string' && t !== '' && !codes.has(t));
      for (const text of texts) expect(terms.has(text), text).toBe(true);
    }
    for (const [en, ko, zh, vi] of DEMO_WORDS) expect([en, ko, zh, vi].every((w) => w.trim() !== '')).toBe(true);
  });

  it('is the same on every run', () => {
    expect(allDemoCatalogueFiles()).toEqual(catalogues);
  });
});
