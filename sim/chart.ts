/**
 * Inline SVG charts for the simulation report: histograms, grouped bars and a timeline, with axes and a legend.
 * Plain strings, no script and nothing fetched, so the report opens from disk in any browser.
 */
export interface Series {
  name: string;
  values: number[];
  color: string;
}

export interface Marker {
  at: number;
  label: string;
  color: string;
}

const WIDTH = 760;
const HEIGHT = 320;
const PAD = { left: 64, right: 20, top: 40, bottom: 60 };
const plotWidth = WIDTH - PAD.left - PAD.right;
const plotHeight = HEIGHT - PAD.top - PAD.bottom;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const format = (value: number) =>
  Math.abs(value) >= 1000
    ? value.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : String(Math.round(value * 100) / 100);

/** A "nice" axis maximum and step: 1, 2 or 5 times a power of ten. */
function niceScale(max: number, ticks = 5): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  return { top: Math.ceil(max / step) * step, step };
}

function frame(
  id: string,
  title: string,
  body: string,
  xLabel: string,
  yLabel: string,
  legend: { name: string; color: string }[],
): string {
  let x = PAD.left;
  const legendItems = legend
    .map((item) => {
      const g = `<g transform="translate(${x},${HEIGHT - 10})"><rect width="12" height="12" y="-10" fill="${item.color}"/><text x="18" font-size="12">${escapeHtml(item.name)}</text></g>`;
      x += 18 + item.name.length * 6.6 + 24;
      return g;
    })
    .join('');
  return `<svg id="${id}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" font-family="system-ui, sans-serif" role="img" aria-label="${escapeHtml(title)}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>
<text x="${PAD.left}" y="22" font-size="15" font-weight="600">${escapeHtml(title)}</text>
${body}
<text x="${PAD.left + plotWidth / 2}" y="${HEIGHT - 28}" font-size="12" text-anchor="middle" fill="#444">${escapeHtml(xLabel)}</text>
<text transform="translate(16,${PAD.top + plotHeight / 2}) rotate(-90)" font-size="12" text-anchor="middle" fill="#444">${escapeHtml(yLabel)}</text>
${legendItems}
</svg>`;
}

function yAxis(top: number, step: number): string {
  const lines: string[] = [];
  for (let v = 0; v <= top + step / 2; v += step) {
    const y = PAD.top + plotHeight - (v / top) * plotHeight;
    lines.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotWidth}" y1="${y}" y2="${y}" stroke="#e5e5e5"/><text x="${PAD.left - 6}" y="${y + 4}" font-size="11" text-anchor="end" fill="#555">${format(v)}</text>`,
    );
  }
  return lines.join('');
}

/**
 * Side-by-side histogram of several series over shared bins `[edges[i], edges[i+1])`; values past the last edge
 * land in the last bin. Markers draw vertical lines at given values (say a percentile or a target).
 */
export function histogram(options: {
  id: string;
  title: string;
  xLabel: string;
  yLabel?: string;
  edges: number[];
  series: Series[];
  markers?: Marker[];
  tick?: (edge: number) => string;
}): string {
  const { edges, series } = options;
  const bins = edges.length - 1;
  const binOf = (v: number) => {
    for (let k = 0; k < bins; k++) if (v < edges[k + 1]!) return k;
    return bins - 1;
  };
  const counts = series.map((s) => {
    const c = new Array<number>(bins).fill(0);
    for (const v of s.values) c[binOf(v)]!++;
    return c;
  });
  const { top, step } = niceScale(Math.max(1, ...counts.flat()));
  const binWidth = plotWidth / bins;
  const barWidth = (binWidth * 0.8) / Math.max(1, series.length);
  const bars = counts
    .flatMap((c, s) =>
      c.map((count, i) => {
        const h = (count / top) * plotHeight;
        const x = PAD.left + i * binWidth + binWidth * 0.1 + s * barWidth;
        return `<rect x="${x.toFixed(1)}" y="${(PAD.top + plotHeight - h).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${series[s]!.color}"><title>${escapeHtml(series[s]!.name)}: ${count}</title></rect>`;
      }),
    )
    .join('');
  const tick = options.tick ?? format;
  const labelEvery = Math.ceil(bins / 12);
  const xTicks = edges
    .map((edge, i) =>
      i % labelEvery === 0 || i === bins
        ? `<text x="${PAD.left + i * binWidth}" y="${PAD.top + plotHeight + 16}" font-size="11" text-anchor="middle" fill="#555">${escapeHtml(tick(edge))}</text>`
        : '',
    )
    .join('');
  const position = (value: number) => {
    if (value >= edges[bins]!) return PAD.left + plotWidth;
    const k = binOf(value);
    const within = Math.max(0, Math.min(1, (value - edges[k]!) / (edges[k + 1]! - edges[k]!)));
    return PAD.left + (k + within) * binWidth;
  };
  const markers = (options.markers ?? [])
    .map((m, i) => {
      const x = position(m.at);
      return `<line x1="${x}" x2="${x}" y1="${PAD.top}" y2="${PAD.top + plotHeight}" stroke="${m.color}" stroke-width="2" stroke-dasharray="5 3"/><text x="${x + 4}" y="${PAD.top + 12 + i * 14}" font-size="11" fill="${m.color}" stroke="#fff" stroke-width="3" paint-order="stroke">${escapeHtml(m.label)}</text>`;
    })
    .join('');
  const body = `${yAxis(top, step)}${bars}${markers}${xTicks}<line x1="${PAD.left}" x2="${PAD.left + plotWidth}" y1="${PAD.top + plotHeight}" y2="${PAD.top + plotHeight}" stroke="#333"/>`;
  return frame(
    options.id,
    options.title,
    body,
    options.xLabel,
    options.yLabel ?? 'count',
    series.map((s) => ({ name: `${s.name} (n=${s.values.length})`, color: s.color })),
  );
}

/** Grouped bars: one group per label, one bar per series. */
export function bars(options: {
  id: string;
  title: string;
  yLabel: string;
  labels: string[];
  series: Series[];
}): string {
  const { labels, series } = options;
  const { top, step } = niceScale(Math.max(1, ...series.flatMap((s) => s.values)));
  const groupWidth = plotWidth / Math.max(1, labels.length);
  const barWidth = (groupWidth * 0.75) / Math.max(1, series.length);
  const body = [
    yAxis(top, step),
    ...series.flatMap((s, k) =>
      s.values.map((v, i) => {
        const h = (v / top) * plotHeight;
        const x = PAD.left + i * groupWidth + groupWidth * 0.125 + k * barWidth;
        return `<rect x="${x.toFixed(1)}" y="${(PAD.top + plotHeight - h).toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}" fill="${s.color}"><title>${escapeHtml(s.name)} ${escapeHtml(labels[i]!)}: ${format(v)}</title></rect>`;
      }),
    ),
    ...labels.map(
      (label, i) =>
        `<text x="${PAD.left + (i + 0.5) * groupWidth}" y="${PAD.top + plotHeight + 16}" font-size="11" text-anchor="middle" fill="#555">${escapeHtml(label)}</text>`,
    ),
    `<line x1="${PAD.left}" x2="${PAD.left + plotWidth}" y1="${PAD.top + plotHeight}" y2="${PAD.top + plotHeight}" stroke="#333"/>`,
  ].join('');
  return frame(options.id, options.title, body, '', options.yLabel, series);
}

/** Lines over a shared x axis (seconds since the start, say). */
export function lines(options: {
  id: string;
  title: string;
  xLabel: string;
  yLabel: string;
  xs: number[];
  series: Series[];
}): string {
  const { xs, series } = options;
  const xMax = Math.max(1, ...xs);
  const { top, step } = niceScale(Math.max(1, ...series.flatMap((s) => s.values)));
  const x = (v: number) => PAD.left + (v / xMax) * plotWidth;
  const y = (v: number) => PAD.top + plotHeight - (v / top) * plotHeight;
  const { top: xTop, step: xStep } = niceScale(xMax, 8);
  const xTicks: string[] = [];
  for (let v = 0; v <= Math.min(xTop, xMax); v += xStep)
    xTicks.push(
      `<text x="${x(v)}" y="${PAD.top + plotHeight + 16}" font-size="11" text-anchor="middle" fill="#555">${format(v)}</text>`,
    );
  const paths = series.map(
    (s) =>
      `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${s.values.map((v, i) => `${x(xs[i]!).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"/>`,
  );
  const body = `${yAxis(top, step)}${paths.join('')}${xTicks.join('')}<line x1="${PAD.left}" x2="${PAD.left + plotWidth}" y1="${PAD.top + plotHeight}" y2="${PAD.top + plotHeight}" stroke="#333"/>`;
  return frame(options.id, options.title, body, options.xLabel, options.yLabel, series);
}
