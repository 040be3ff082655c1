import type { Calibration, CalibrationBand, QueueStats, ReviewFlag, Room, WaitReason } from '@ladder/client';
import { h } from '../dom.js';
import { duration, percent } from '../format.js';
import { barChart, binLabels, calibrationChart } from './charts.js';

const REASONS: Record<WaitReason, string> = {
  notEnoughPlayers: 'too few players',
  spreadCap: 'spread cap',
  sideDifferenceCap: 'side difference cap',
  premadeImbalance: 'premade imbalance',
  noSoloInReach: 'no solo for the party',
  waitingForFill: 'filling',
  partyTooLarge: 'party too large',
};

const waits = (w: { p50: number; p95: number } | null) => (w ? `${duration(w.p50)} / ${duration(w.p95)}` : '—');
const share = (p: number | null) => (p === null ? '—' : percent(p));
const table = (head: string[], rows: (Node | string)[][], testid: string) =>
  h(
    'table',
    { class: 'operator-table', 'data-testid': testid },
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', {}, c)))),
    h('tbody', {}, ...rows.map((r) => h('tr', {}, ...r.map((c) => h('td', {}, c))))),
  );

function reasons(counts: Record<string, number>): string {
  const listed = Object.entries(counts).filter(([, n]) => n > 0);
  return listed.length ? listed.map(([r, n]) => `${REASONS[r as WaitReason] ?? r} ${n}`).join(', ') : '—';
}

/** A pool's recent waits by party size (issue 30): do friends who queue together wait as long as solos? */
function sizesTable(pool: QueueStats): HTMLElement | string {
  const sizes = Object.keys(pool.recentMatchWaitBySize ?? {});
  if (sizes.length === 0) return '';
  return table(
    ['party size', 'wait p50/p95', 'tickets'],
    sizes.map((size) => {
      const figures = pool.recentMatchWaitBySize[size]!;
      return [size === '1' ? 'solo' : `${size} friends`, waits(figures), String(figures.samples)];
    }),
    `sizes-${pool.mode}`,
  );
}

/** Each pool: who waits, for how long, its usual wait by party size, and per band the usual wait and why its players still wait. */
export function queuesPanel(pools: readonly QueueStats[]): HTMLElement {
  if (pools.length === 0)
    return h('p', { class: 'muted' }, 'No queue statistics yet: the matcher writes them as it runs.');
  return h(
    'div',
    { class: 'operator-grid' },
    ...pools.map((pool) => {
      const bands = pool.bandEdges.map((e) => e.id).filter((id) => pool.bands[id]);
      return h(
        'div',
        { class: 'operator-block', 'data-testid': `pool-${pool.mode}` },
        h('h3', {}, pool.mode),
        h(
          'p',
          { class: 'muted' },
          `${pool.waitingPlayers} waiting · oldest ${duration(pool.oldestWaitSeconds)} · wait p50/p95 ${waits(pool.recentMatchWaitSeconds)}`,
        ),
        sizesTable(pool),
        // A pool nobody waits in and with no recent matches takes one line.
        ...(bands.length === 0
          ? []
          : [
              // Bars only when someone waits: a band listed for its recent waits alone has nothing to draw.
              bands.some((b) => pool.bands[b]!.waitingPlayers > 0)
                ? barChart(
                    bands.map((b) => pool.bands[b]!.waitingPlayers),
                    bands,
                    `players waiting in ${pool.mode} by band`,
                  )
                : '',
              table(
                ['band', 'waiting', 'oldest', 'wait p50/p95', 'still waiting because'],
                bands.map((b) => {
                  const band = pool.bands[b]!;
                  return [
                    b,
                    String(band.waitingPlayers),
                    duration(band.oldestWaitSeconds),
                    waits(band.recentMatchWaitSeconds),
                    reasons(band.waitingBecause),
                  ];
                }),
                `bands-${pool.mode}`,
              ),
            ]),
      );
    }),
  );
}

function figures(band: CalibrationBand, kind: 'team' | 'ffa'): HTMLElement {
  const histograms: (Node | string)[] = [
    h(
      'figure',
      {},
      barChart(
        band.buckets.map((b) => b.count),
        band.buckets.map((b) => b.from.toFixed(1)),
        'forecasts by predicted chance',
      ),
      h('figcaption', {}, 'forecasts by predicted chance'),
    ),
    h(
      'figure',
      {},
      barChart(band.spread.counts, binLabels(band.spread.binWidth, band.spread.counts.length), 'spread'),
      h('figcaption', {}, 'spread'),
    ),
  ];
  if (kind === 'team')
    histograms.push(
      h(
        'figure',
        {},
        barChart(
          band.sideDifference.counts,
          binLabels(band.sideDifference.binWidth, band.sideDifference.counts.length),
          'side difference',
        ),
        h('figcaption', {}, 'side difference'),
      ),
    );
  return h(
    'div',
    { class: 'operator-calibration' },
    h('figure', {}, calibrationChart(band.buckets), h('figcaption', {}, 'predicted vs actual (diagonal: calibrated)')),
    h(
      'dl',
      { class: 'operator-figures' },
      h('dt', {}, 'games'),
      h('dd', {}, `${band.settled} settled · ${band.voided} voided · ${band.cancelled} ready checks cancelled`),
      h('dt', {}, 'Brier score'),
      h('dd', { 'data-testid': 'brier' }, band.brier === null ? '—' : band.brier.toFixed(3)),
      h('dt', {}, 'even (0.47–0.53)'),
      h('dd', {}, share(band.evenShare)),
      h('dt', {}, 'wait p50/p95'),
      h('dd', {}, waits(band.waitSeconds)),
    ),
    ...histograms,
  );
}

/** One block per mode: the calibration chart, the figures and the quality histograms, for all bands or one. */
export function calibrationPanel(docs: readonly Calibration[], band: string): HTMLElement {
  if (docs.length === 0)
    return h(
      'p',
      { class: 'muted' },
      'No calibration for this day: run `npm run calibrate` (the schedule runs hourly).',
    );
  return h(
    'div',
    {},
    ...docs.map((doc) => {
      const chosen = band === 'all' ? doc.overall : doc.bands[band];
      return h(
        'div',
        { class: 'operator-block', 'data-testid': `calibration-${doc.mode}` },
        h('h3', {}, `${doc.mode} · ${doc.day} · ${band === 'all' ? 'all bands' : band}`),
        chosen ? figures(chosen, doc.kind) : h('p', { class: 'muted' }, `No ${band} games in ${doc.mode} this day.`),
      );
    }),
  );
}

export function roomsPanel(rooms: readonly Room[]): HTMLElement {
  if (rooms.length === 0) return h('p', { class: 'muted' }, 'No live rooms and none ended this day.');
  return table(
    ['room', 'mode', 'status', 'players', 'spread', 'side diff.', 'P(A wins)', 'result'],
    rooms.map((room) => [
      room.id.slice(0, 8),
      room.mode,
      room.status,
      String(room.memberUids.length),
      String(room.quality.spread),
      room.quality.sideDifference === null ? '—' : room.quality.sideDifference.toFixed(0),
      share(room.quality.winProbabilityA),
      room.result === null ? '—' : 'outcome' in room.result ? room.result.outcome : 'placements',
    ]),
    'rooms',
  );
}

export function flagsPanel(flags: readonly ReviewFlag[]): HTMLElement {
  if (flags.length === 0) return h('p', { class: 'muted', 'data-testid': 'flags' }, 'No players flagged for review.');
  return table(
    ['player', 'contradicting reports', 'flagged', 'last room'],
    flags.map((f) => [
      f.uid,
      String(f.falseReports),
      new Date(f.flaggedAt).toISOString().slice(0, 16),
      f.lastRoomId.slice(0, 8),
    ]),
    'flags',
  );
}
