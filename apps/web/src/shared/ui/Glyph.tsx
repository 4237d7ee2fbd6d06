/**
 * A symbol drawn on a button whose name says what it does (×: 닫기, −/+: 수량 줄이기/늘리기). It is
 * drawn by CSS, not written as text: a button's visible text must be part of its name for speech
 * users (WCAG 2.5.3, axe's label-content-name-mismatch), and a symbol cannot be.
 */
export function Glyph({ symbol }: { symbol: string }) {
  return <span className="glyph" aria-hidden="true" data-glyph={symbol} />;
}
