/**
 * Exploded-view drawings of the demo catalogue, drawn as SVG line art: each part a simple
 * pictogram on a grid, dashed assembly lines between neighbours, and numbered callouts whose
 * centres are the diagram's hotspots. No text but numbers, so one drawing serves every language.
 */

export const DIAGRAM_W = 1000;
export const DIAGRAM_H = 700;

export type Shape =
  | 'housing'
  | 'filter'
  | 'ring'
  | 'gasket'
  | 'washer'
  | 'bolt'
  | 'nut'
  | 'sensor'
  | 'hose'
  | 'clamp'
  | 'bracket'
  | 'cap'
  | 'pan'
  | 'rod'
  | 'pump'
  | 'radiator'
  | 'tank'
  | 'mount'
  | 'shock'
  | 'spring'
  | 'boot'
  | 'ball'
  | 'arm'
  | 'pad'
  | 'disc'
  | 'caliper'
  | 'lamp'
  | 'bulb'
  | 'plate'
  | 'box'
  | 'belt'
  | 'wheel'
  | 'grille'
  | 'rack'
  | 'can';

const hexagon = (cx: number, cy: number, r: number) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `${(cx + r * Math.cos((Math.PI / 3) * i)).toFixed(1)},${(cy + r * Math.sin((Math.PI / 3) * i)).toFixed(1)}`,
  ).join(' ');

/** One pictogram centred on (x, y), about 100 by 80 units. */
function shape(kind: Shape, x: number, y: number): string {
  const p = (dx: number, dy: number) => `${x + dx},${y + dy}`;
  switch (kind) {
    case 'housing':
      return `<rect x="${x - 48}" y="${y - 34}" width="96" height="68" rx="12"/><line x1="${x - 48}" y1="${y - 12}" x2="${x + 48}" y2="${y - 12}"/><circle cx="${x}" cy="${y + 10}" r="12"/>`;
    case 'filter':
      return `<rect x="${x - 30}" y="${y - 38}" width="60" height="76" rx="6"/>${[-18, -6, 6, 18].map((d) => `<line x1="${x + d}" y1="${y - 30}" x2="${x + d}" y2="${y + 30}"/>`).join('')}`;
    case 'ring':
      return `<ellipse cx="${x}" cy="${y}" rx="40" ry="15"/><ellipse cx="${x}" cy="${y}" rx="30" ry="9"/>`;
    case 'gasket':
      return `<ellipse cx="${x}" cy="${y}" rx="50" ry="22"/><ellipse cx="${x}" cy="${y}" rx="36" ry="13"/>${[-42, 42].map((d) => `<circle cx="${x + d}" cy="${y}" r="3"/>`).join('')}`;
    case 'washer':
      return `<ellipse cx="${x}" cy="${y}" rx="20" ry="9"/><ellipse cx="${x}" cy="${y}" rx="8" ry="3.5"/>`;
    case 'bolt':
      return `<polygon points="${hexagon(x - 30, y, 14)}"/><rect x="${x - 16}" y="${y - 6}" width="56" height="12"/>${[0, 10, 20, 30].map((d) => `<line x1="${x - 6 + d}" y1="${y - 6}" x2="${x - 2 + d}" y2="${y + 6}"/>`).join('')}`;
    case 'nut':
      return `<polygon points="${hexagon(x, y, 20)}"/><circle cx="${x}" cy="${y}" r="9"/>`;
    case 'sensor':
      return `<rect x="${x - 12}" y="${y - 34}" width="24" height="44" rx="5"/><rect x="${x - 20}" y="${y + 10}" width="40" height="14" rx="3"/><path d="M${p(0, 24)} C${p(0, 44)} ${p(40, 30)} ${p(48, 40)}"/>`;
    case 'hose':
      return `<path d="M${p(-50, 20)} C${p(-20, -40)} ${p(20, 40)} ${p(50, -20)}" stroke-width="14" stroke-linecap="round"/><path d="M${p(-50, 20)} C${p(-20, -40)} ${p(20, 40)} ${p(50, -20)}" stroke="#fff" stroke-width="8" stroke-linecap="round"/>`;
    case 'clamp':
      return `<circle cx="${x}" cy="${y}" r="22"/><circle cx="${x}" cy="${y}" r="17"/><rect x="${x + 18}" y="${y - 6}" width="18" height="12"/>`;
    case 'bracket':
      return `<polyline points="${p(-40, -30)} ${p(-40, 30)} ${p(40, 30)} ${p(40, 18)} ${p(-28, 18)} ${p(-28, -30)} ${p(-40, -30)}"/><circle cx="${x - 34}" cy="${y - 18}" r="3"/><circle cx="${x + 28}" cy="${y + 24}" r="3"/>`;
    case 'cap':
      return `<path d="M${p(-30, 16)} L${p(-30, -6)} Q${p(0, -36)} ${p(30, -6)} L${p(30, 16)} Z"/><line x1="${x - 30}" y1="${y + 6}" x2="${x + 30}" y2="${y + 6}"/>`;
    case 'pan':
      return `<polygon points="${p(-52, -24)} ${p(52, -24)} ${p(40, 26)} ${p(-40, 26)}"/><line x1="${x - 46}" y1="${y - 14}" x2="${x + 46}" y2="${y - 14}"/>`;
    case 'rod':
      return `<rect x="${x - 50}" y="${y - 5}" width="100" height="10" rx="5"/><circle cx="${x - 50}" cy="${y}" r="10"/><circle cx="${x + 50}" cy="${y}" r="10"/>`;
    case 'pump':
      return `<circle cx="${x}" cy="${y}" r="36"/>${[0, 60, 120, 180, 240, 300].map((a) => `<path d="M${x},${y} Q${(x + 28 * Math.cos(((a + 30) * Math.PI) / 180)).toFixed(1)},${(y + 28 * Math.sin(((a + 30) * Math.PI) / 180)).toFixed(1)} ${(x + 32 * Math.cos((a * Math.PI) / 180)).toFixed(1)},${(y + 32 * Math.sin((a * Math.PI) / 180)).toFixed(1)}"/>`).join('')}<circle cx="${x}" cy="${y}" r="7"/>`;
    case 'radiator':
      return `<rect x="${x - 52}" y="${y - 34}" width="104" height="68"/>${Array.from({ length: 9 }, (_, i) => `<line x1="${x - 44 + i * 11}" y1="${y - 28}" x2="${x - 44 + i * 11}" y2="${y + 28}"/>`).join('')}`;
    case 'tank':
      return `<rect x="${x - 36}" y="${y - 26}" width="72" height="56" rx="14"/><rect x="${x - 10}" y="${y - 38}" width="20" height="12" rx="3"/><line x1="${x - 26}" y1="${y + 4}" x2="${x + 26}" y2="${y + 4}" stroke-dasharray="4 3"/>`;
    case 'mount':
      return `<rect x="${x - 40}" y="${y - 10}" width="80" height="24" rx="4"/><ellipse cx="${x}" cy="${y - 18}" rx="26" ry="12"/><line x1="${x}" y1="${y - 40}" x2="${x}" y2="${y - 28}"/>`;
    case 'shock':
      return `<rect x="${x - 12}" y="${y - 6}" width="24" height="46" rx="4"/><rect x="${x - 3}" y="${y - 40}" width="6" height="34"/><circle cx="${x}" cy="${y + 46}" r="6"/><circle cx="${x}" cy="${y - 42}" r="5"/>`;
    case 'spring':
      return `<polyline points="${Array.from({ length: 11 }, (_, i) => p(i % 2 === 0 ? -22 : 22, -40 + i * 8)).join(' ')}"/>`;
    case 'boot':
      return `<polygon points="${p(-14, -36)} ${p(14, -36)} ${p(22, -24)} ${p(14, -12)} ${p(26, 0)} ${p(14, 12)} ${p(30, 24)} ${p(20, 36)} ${p(-20, 36)} ${p(-30, 24)} ${p(-14, 12)} ${p(-26, 0)} ${p(-14, -12)} ${p(-22, -24)}"/>`;
    case 'ball':
      return `<circle cx="${x}" cy="${y + 6}" r="20"/><rect x="${x - 5}" y="${y - 36}" width="10" height="24"/><rect x="${x - 22}" y="${y + 22}" width="44" height="12" rx="3"/>`;
    case 'arm':
      return `<polygon points="${p(-52, 26)} ${p(0, -34)} ${p(52, 26)} ${p(36, 32)} ${p(0, -10)} ${p(-36, 32)}"/><circle cx="${x}" cy="${y - 30}" r="9"/><circle cx="${x - 46}" cy="${y + 26}" r="8"/><circle cx="${x + 46}" cy="${y + 26}" r="8"/>`;
    case 'pad':
      return `<path d="M${p(-48, -10)} Q${p(0, -40)} ${p(48, -10)} L${p(40, 22)} Q${p(0, 8)} ${p(-40, 22)} Z"/><path d="M${p(-38, -2)} Q${p(0, -26)} ${p(38, -2)}"/>`;
    case 'disc':
      return `<circle cx="${x}" cy="${y}" r="40"/><circle cx="${x}" cy="${y}" r="16"/>${[0, 72, 144, 216, 288].map((a) => `<circle cx="${(x + 10 * Math.cos((a * Math.PI) / 180)).toFixed(1)}" cy="${(y + 10 * Math.sin((a * Math.PI) / 180)).toFixed(1)}" r="2"/>`).join('')}`;
    case 'caliper':
      return `<path d="M${p(30, -32)} L${p(-20, -32)} Q${p(-44, -32)} ${p(-44, -8)} L${p(-44, 8)} Q${p(-44, 32)} ${p(-20, 32)} L${p(30, 32)} L${p(30, 18)} L${p(-24, 18)} L${p(-24, -18)} L${p(30, -18)} Z"/><circle cx="${x - 34}" cy="${y}" r="5"/>`;
    case 'lamp':
      return `<path d="M${p(-52, -18)} Q${p(0, -44)} ${p(52, -18)} L${p(44, 24)} Q${p(0, 36)} ${p(-44, 24)} Z"/><circle cx="${x - 18}" cy="${y}" r="12"/><circle cx="${x + 18}" cy="${y}" r="9"/>`;
    case 'bulb':
      return `<circle cx="${x}" cy="${y - 8}" r="18"/><rect x="${x - 9}" y="${y + 8}" width="18" height="18"/><line x1="${x - 9}" y1="${y + 14}" x2="${x + 9}" y2="${y + 14}"/>`;
    case 'plate':
      return `<polygon points="${p(-50, -20)} ${p(34, -30)} ${p(50, 20)} ${p(-34, 30)}"/><circle cx="${x - 30}" cy="${y}" r="3"/><circle cx="${x + 30}" cy="${y}" r="3"/>`;
    case 'box':
      return `<rect x="${x - 36}" y="${y - 26}" width="72" height="52" rx="5"/>${[-18, -6, 6, 18].map((d) => `<line x1="${x + d}" y1="${y + 26}" x2="${x + d}" y2="${y + 36}"/>`).join('')}`;
    case 'belt':
      return `<rect x="${x - 50}" y="${y - 22}" width="100" height="44" rx="22"/><rect x="${x - 42}" y="${y - 14}" width="84" height="28" rx="14"/>`;
    case 'wheel':
      return `<circle cx="${x}" cy="${y}" r="32"/><circle cx="${x}" cy="${y}" r="8"/>${[0, 90, 180, 270].map((a) => `<line x1="${x}" y1="${y}" x2="${(x + 32 * Math.cos((a * Math.PI) / 180)).toFixed(1)}" y2="${(y + 32 * Math.sin((a * Math.PI) / 180)).toFixed(1)}"/>`).join('')}`;
    case 'grille':
      return `<rect x="${x - 52}" y="${y - 28}" width="104" height="56" rx="10"/>${[-16, -4, 8, 20].map((d) => `<line x1="${x - 44}" y1="${y + d - 2}" x2="${x + 44}" y2="${y + d - 2}"/>`).join('')}`;
    case 'rack':
      return `<rect x="${x - 54}" y="${y - 9}" width="108" height="18" rx="4"/>${Array.from({ length: 8 }, (_, i) => `<line x1="${x - 40 + i * 11}" y1="${y - 9}" x2="${x - 40 + i * 11}" y2="${y - 16}"/>`).join('')}<circle cx="${x}" cy="${y - 26}" r="10"/>`;
    case 'can':
      return `<rect x="${x - 24}" y="${y - 24}" width="48" height="56" rx="6"/><rect x="${x - 8}" y="${y - 36}" width="16" height="12"/>`;
  }
}

export interface DrawnPart {
  /** Callout number. */
  key: string;
  shape: Shape;
}

export interface Drawing {
  svg: string;
  /** Hotspots: one per drawn part, at its callout circle. */
  hotspots: { key: string; x: number; y: number }[];
}

/**
 * Lays the parts out on a 5-column grid with a slight zig-zag, joins neighbours by dashed
 * assembly lines and puts a numbered callout above each part. Parts drawn twice (bolts) get
 * two callouts with the same number, as real drawings have.
 */
export function explodedView(parts: readonly DrawnPart[], seed: number): Drawing {
  const cols = 5;
  const rows = Math.ceil(parts.length / cols);
  const cellW = DIAGRAM_W / cols;
  const cellH = (DIAGRAM_H - 60) / Math.max(rows, 3);
  const hotspots: Drawing['hotspots'] = [];
  const positions = parts.map((_, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const wobble = ((seed + i * 37) % 5) * 6 - 12;
    return {
      x: Math.round(cellW * col + cellW / 2),
      y: Math.round(70 + cellH * row + cellH / 2 + (col % 2 ? 18 : -18) + wobble),
    };
  });
  let body = '';
  // Assembly lines first, so the parts are drawn over them.
  for (let i = 1; i < positions.length; i++) {
    if (i % cols === 0) continue;
    const a = positions[i - 1]!;
    const b = positions[i]!;
    body += `<line x1="${a.x + 55}" y1="${a.y}" x2="${b.x - 55}" y2="${b.y}" stroke="#9aa4b2" stroke-width="1.5" stroke-dasharray="7 5"/>`;
  }
  parts.forEach((part, i) => {
    const { x, y } = positions[i]!;
    body += `<g>${shape(part.shape, x, y)}</g>`;
    const cx = Math.min(DIAGRAM_W - 20, x + 46);
    const cy = Math.max(20, y - 58);
    body += `<line x1="${x + 14}" y1="${y - 22}" x2="${cx - 10}" y2="${cy + 10}" stroke-width="1.2"/>`;
    body += `<circle cx="${cx}" cy="${cy}" r="15" fill="#fff"/><text x="${cx}" y="${cy + 5}" font-size="15" text-anchor="middle" stroke="none" fill="#111">${part.key}</text>`;
    hotspots.push({ key: part.key, x: cx, y: cy });
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DIAGRAM_W} ${DIAGRAM_H}" width="${DIAGRAM_W}" height="${DIAGRAM_H}">` +
    `<rect width="${DIAGRAM_W}" height="${DIAGRAM_H}" fill="#fff"/>` +
    `<g fill="none" stroke="#1f2937" stroke-width="2.2" stroke-linejoin="round" font-family="sans-serif">${body}</g>` +
    `<rect x="1" y="1" width="${DIAGRAM_W - 2}" height="${DIAGRAM_H - 2}" fill="none" stroke="#cbd5e1"/></svg>`;
  return { svg, hotspots };
}

/** A small pictogram of a main group (its `img`). */
export function groupIcon(shapeKind: Shape, color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" width="160" height="120"><rect width="160" height="120" rx="14" fill="#f1f5f9"/>` +
    `<g fill="none" stroke="${color}" stroke-width="4" stroke-linejoin="round">${shape(shapeKind, 80, 60)}</g></svg>`
  );
}

/** The catalogue logo: the brand's initials on a round badge. */
export function brandBadge(initials: string, color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120"><circle cx="60" cy="60" r="56" fill="${color}"/>` +
    `<circle cx="60" cy="60" r="44" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<text x="60" y="70" font-size="${initials.length > 2 ? 22 : 30}" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${initials}</text></svg>`
  );
}
