/** Small SVG charts for the operator view: no chart library, just the shapes. */

const NS = 'http://www.w3.org/2000/svg';

function el(tag: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

function frame(width: number, height: number, label: string): SVGSVGElement {
  const svg = el('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': label });
  return svg as SVGSVGElement;
}

export interface CalibrationPoint {
  meanPredicted: number | null;
  winRate: number | null;
  count: number;
}

/**
 * Predicted chance (x) against the observed win rate (y), one dot per bucket sized by its forecasts, over the
 * diagonal a calibrated matcher would follow.
 */
export function calibrationChart(points: readonly CalibrationPoint[], size = 240): SVGSVGElement {
  const pad = 36;
  const span = size - 2 * pad;
  const x = (p: number) => pad + p * span;
  const y = (p: number) => size - pad - p * span;
  const svg = frame(size, size, 'predicted against actual win rate');
  svg.append(el('rect', { x: pad, y: pad, width: span, height: span, fill: '#fafbfc', stroke: '#d0d5dd' }));
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(el('text', { x: x(tick), y: size - pad + 14, 'font-size': 10, 'text-anchor': 'middle' }, `${tick}`));
    svg.append(el('text', { x: pad - 4, y: y(tick) + 3, 'font-size': 10, 'text-anchor': 'end' }, `${tick}`));
  }
  svg.append(
    el('line', { x1: x(0), y1: y(0), x2: x(1), y2: y(1), stroke: '#98a2b3', 'stroke-dasharray': '4 3' }),
    el('text', { x: size / 2, y: size - 2, 'font-size': 10, 'text-anchor': 'middle' }, 'predicted'),
    el('text', { x: 10, y: size / 2, 'font-size': 10, transform: `rotate(-90 10 ${size / 2})` }, 'actual'),
  );
  const shown = points.filter((p) => p.count > 0 && p.meanPredicted !== null && p.winRate !== null);
  const most = Math.max(1, ...shown.map((p) => p.count));
  if (shown.length > 1) {
    const path = shown.map((p, i) => `${i ? 'L' : 'M'}${x(p.meanPredicted!)},${y(p.winRate!)}`).join(' ');
    svg.append(el('path', { d: path, fill: 'none', stroke: '#2b6cb0', 'stroke-width': 1.5 }));
  }
  for (const p of shown) {
    const dot = el('circle', {
      cx: x(p.meanPredicted!),
      cy: y(p.winRate!),
      r: 3 + 5 * Math.sqrt(p.count / most),
      fill: '#2b6cb0',
      'fill-opacity': 0.75,
    });
    dot.append(
      el('title', {}, `${p.count} forecasts: predicted ${p.meanPredicted!.toFixed(2)}, won ${p.winRate!.toFixed(2)}`),
    );
    svg.append(dot);
  }
  return svg;
}

/** Vertical bars, one per value, labelled underneath. */
export function barChart(
  values: readonly number[],
  labels: readonly string[],
  label: string,
  width = 260,
): SVGSVGElement {
  const height = 120;
  const pad = 18;
  const svg = frame(width, height, label);
  const most = Math.max(1, ...values);
  const step = (width - 8) / Math.max(1, values.length);
  values.forEach((value, i) => {
    const h = ((height - 2 * pad) * value) / most;
    const bar = el('rect', {
      x: 4 + i * step + 1,
      y: height - pad - h,
      width: Math.max(1, step - 2),
      height: h,
      fill: '#5b8def',
    });
    bar.append(el('title', {}, `${labels[i]}: ${value}`));
    svg.append(bar);
    if (value > 0)
      svg.append(
        el(
          'text',
          { x: 4 + (i + 0.5) * step, y: height - pad - h - 2, 'font-size': 9, 'text-anchor': 'middle' },
          `${value}`,
        ),
      );
    // Every other label when they would crowd.
    if (values.length <= 10 || i % 2 === 0)
      svg.append(
        el(
          'text',
          { x: 4 + (i + 0.5) * step, y: height - 4, 'font-size': 9, 'text-anchor': 'middle' },
          labels[i] ?? '',
        ),
      );
  });
  svg.append(el('line', { x1: 4, y1: height - pad, x2: width - 4, y2: height - pad, stroke: '#98a2b3' }));
  return svg;
}

/** Bin labels of a histogram: its lower bounds, the last one open-ended. */
export const binLabels = (binWidth: number, bins: number) =>
  Array.from({ length: bins }, (_, i) => (i === bins - 1 ? `${i * binWidth}+` : `${i * binWidth}`));
