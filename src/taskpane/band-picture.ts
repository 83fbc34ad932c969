import type { MarketBand } from '../usecases/market-band';

/**
 * The market band of one row as an SVG picture: the P10–P90 bar, the P25–P75 box, the P50 tick, the
 * current-pay dot and the pay range's ends when the row has them, on one linear pay axis. `bandShapes` is
 * the geometry (pure, tested); `drawBand` turns it into SVG elements. Colours come from the style sheet
 * (classes band-*), so the picture follows the pane's theme; its words are the caption beside it
 * (bandTexts.describe), which is also its accessible name.
 */

export const BAND_WIDTH = 280;
export const BAND_HEIGHT = 84;
const PAD = 14;

export type BandShape =
  | { kind: 'rect'; cls: 'band-whisker' | 'band-box'; x: number; y: number; w: number; h: number }
  | { kind: 'line'; cls: 'band-median' | 'band-range'; x1: number; y1: number; x2: number; y2: number }
  | { kind: 'dot'; cls: 'band-pay'; x: number; y: number; r: number }
  | {
      kind: 'text';
      cls: 'band-label';
      x: number;
      y: number;
      anchor: 'start' | 'middle' | 'end';
      text: string;
    };

/** $61k for money of five digits or more, the whole amount below. */
export function shortMoney(x: number, currency: string): string {
  const text = Math.abs(x) >= 10_000 ? `${Math.round(x / 1000)}k` : String(Math.round(x));
  return currency === '' || currency.toUpperCase() === 'USD' ? `$${text}` : `${text} ${currency}`;
}

export function bandShapes(band: MarketBand): BandShape[] {
  const f = band.figures;
  const pay = band.pay.kind === 'pay' ? band.pay.annual : null;
  const points = [f[10], f[25], f[50], f[75], f[90], pay, band.rangeMin, band.rangeMax].filter(
    (v): v is number => typeof v === 'number',
  );
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const span = hi > lo ? hi - lo : Math.max(1, hi * 0.1);
  const x = (v: number): number => PAD + ((v - lo) / span) * (BAND_WIDTH - 2 * PAD);
  const shapes: BandShape[] = [];
  const bottom = f[10] ?? f[25];
  const top = f[90] ?? f[75];
  if (bottom !== undefined && top !== undefined)
    shapes.push({ kind: 'rect', cls: 'band-whisker', x: x(bottom), y: 33, w: x(top) - x(bottom), h: 6 });
  if (f[25] !== undefined && f[75] !== undefined)
    shapes.push({
      kind: 'rect',
      cls: 'band-box',
      x: x(f[25]),
      y: 24,
      w: Math.max(1, x(f[75]) - x(f[25])),
      h: 24,
    });
  if (f[50] !== undefined)
    shapes.push({ kind: 'line', cls: 'band-median', x1: x(f[50]), y1: 20, x2: x(f[50]), y2: 52 });
  if (band.rangeMin !== null && band.rangeMax !== null) {
    const [a, b] = [x(band.rangeMin), x(band.rangeMax)];
    shapes.push(
      { kind: 'line', cls: 'band-range', x1: a, y1: 10, x2: b, y2: 10 },
      { kind: 'line', cls: 'band-range', x1: a, y1: 6, x2: a, y2: 14 },
      { kind: 'line', cls: 'band-range', x1: b, y1: 6, x2: b, y2: 14 },
    );
  }
  const labels = ([10, 50, 90] as const)
    .filter((p) => f[p] !== undefined)
    .map((p) => ({ x: x(f[p] as number), text: `P${p} ${shortMoney(f[p] as number, band.currency)}` }));
  for (const l of spreadLabels(labels))
    shapes.push({ kind: 'text', cls: 'band-label', y: 66, anchor: 'start', ...l });
  if (pay !== null) {
    shapes.push({ kind: 'dot', cls: 'band-pay', x: x(pay), y: 36, r: 6 });
    const [label] = spreadLabels([{ x: x(pay), text: `pay ${shortMoney(pay, band.currency)}` }]);
    if (label) shapes.push({ kind: 'text', cls: 'band-label', y: 80, anchor: 'start', ...label });
  }
  return shapes;
}

/** A label character's width at the picture's 10.5 px labels, generous for the widest fallback fonts. */
export const CHAR_WIDTH = 6.4;
const GAP = 6;

/**
 * Labels centred under their x where they fit, pushed apart where they would overlap and kept inside the
 * picture: returned with the x of their left edge, in order.
 */
export function spreadLabels(
  labels: ReadonlyArray<{ x: number; text: string }>,
): Array<{ x: number; text: string }> {
  const boxes = [...labels]
    .sort((a, b) => a.x - b.x)
    .map((l) => ({
      text: l.text,
      w: l.text.length * CHAR_WIDTH,
      left: l.x - (l.text.length * CHAR_WIDTH) / 2,
    }));
  for (let i = 0; i < boxes.length; i++) {
    const box = boxes[i] as { w: number; left: number };
    const prev = boxes[i - 1];
    box.left = Math.max(box.left, 0, prev ? prev.left + prev.w + GAP : 0);
  }
  // Whatever runs past the right edge moves back left, and so do the labels before it.
  for (let i = boxes.length - 1; i >= 0; i--) {
    const box = boxes[i] as { w: number; left: number };
    const next = boxes[i + 1];
    box.left = Math.min(box.left, BAND_WIDTH - box.w, next ? next.left - GAP - box.w : BAND_WIDTH);
  }
  return boxes.map((b) => ({ x: Math.max(0, b.left), text: b.text }));
}

const SVG = 'http://www.w3.org/2000/svg';

/** Replaces the contents of `svg` by the band's shapes. */
export function drawBand(svg: SVGSVGElement, shapes: readonly BandShape[]): void {
  svg.setAttribute('viewBox', `0 0 ${BAND_WIDTH} ${BAND_HEIGHT}`);
  const elements = shapes.map((s) => {
    const el = document.createElementNS(
      SVG,
      s.kind === 'rect' ? 'rect' : s.kind === 'line' ? 'line' : s.kind === 'dot' ? 'circle' : 'text',
    );
    el.setAttribute('class', s.cls);
    const attrs: Record<string, number | string> =
      s.kind === 'rect'
        ? { x: s.x, y: s.y, width: s.w, height: s.h }
        : s.kind === 'line'
          ? { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2 }
          : s.kind === 'dot'
            ? { cx: s.x, cy: s.y, r: s.r }
            : { x: s.x, y: s.y, 'text-anchor': s.anchor };
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, typeof v === 'number' ? v.toFixed(1) : v);
    if (s.kind === 'text') el.textContent = s.text;
    return el;
  });
  svg.replaceChildren(...elements);
}
