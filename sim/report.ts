/**
 * The simulation's report: `report.json` (the figures CI and people compare), a self-contained `report.html`
 * with the charts, and `report.png`, a picture of its main chart taken by headless Chromium.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figures, Spread } from './analysis.js';
import { bars, escapeHtml, histogram, lines } from './chart.js';
import type { SimulationResult } from './simulation.js';

export const TARGETS = {
  readsPerMatchedPlayer: 20,
  writesPerMatchedPlayer: 8,
  immediateP95Ms: 1500,
  scheduledSlackMs: 1000,
};

const COLORS = {
  immediate: '#2b6cb0',
  scheduled: '#dd6b20',
  reads: '#2f855a',
  writes: '#805ad5',
  target: '#c53030',
  calls: '#2b6cb0',
  rooms: '#dd6b20',
};

const ms = (value: number | null) =>
  value === null ? '–' : value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`;
const perPlayer = (value: number, players: number) => (players ? (value / players).toFixed(2) : '–');

/** Each queue source's reads and writes, in all and per matched player, with the kinds of document behind them. */
const opsPerMatchedPlayer = (figures: Figures) =>
  Object.fromEntries(
    figures.queueOps.map((r) => [
      r.source,
      {
        reads: r.reads,
        writes: r.writes,
        invocations: r.invocations,
        readsPerPlayer: +perPlayer(r.reads, figures.matchedPlayers),
        writesPerPlayer: +perPlayer(r.writes, figures.matchedPlayers),
        byKindPerPlayer: figures.opsByKindBySource[r.source] ?? {},
      },
    ]),
  );

/** What the JSON report keeps of a matcher run: its counts, without the timings. */
const MATCHER_RUN_FIELDS = [
  'leased',
  'sweeps',
  'committed',
  'stale',
  'expired',
  'roomDeadlines',
  'reads',
  'writes',
  'openingReads',
  'error',
] as const;
const matcherRunRow = (run: SimulationResult['matcherRuns'][number]) =>
  Object.fromEntries(MATCHER_RUN_FIELDS.map((field) => [field, run[field]]));

/** The JSON report: the fields the issue names first, then the detail behind them. */
export function reportJson(figures: Figures, result: SimulationResult) {
  const path = (s: Spread) => ({ n: s.n, p50: s.p50, p95: s.p95 });
  return {
    bots: figures.bots,
    matches: figures.matches,
    invariantViolations: figures.invariantViolations,
    readsPerMatchedPlayer: figures.readsPerMatchedPlayer,
    writesPerMatchedPlayer: figures.writesPerMatchedPlayer,
    enqueueToRoomMs: { p50: figures.enqueueToRoomMs.p50, p95: figures.enqueueToRoomMs.p95 },
    enqueueToRoomMsByPath: {
      immediate: path(figures.byPath.immediate),
      scheduled: path(figures.byPath.scheduled),
      scheduledByMatcher: path(figures.byPath.scheduledByMatcher),
      scheduledByLaterEnqueue: path(figures.byPath.scheduledByEnqueue),
      matchPossibleToRoomSeenByMatcher: path(figures.byPath.matcherDelay),
    },
    sweepIntervalSeconds: result.sweepIntervalSeconds,
    matchedPlayers: figures.matchedPlayers,
    seatedPlayers: figures.seatedPlayers,
    settledPlayers: figures.settledPlayers,
    roomsByStatus: figures.roomsByStatus,
    enqueues: figures.enqueues,
    throughput: figures.throughput,
    quality: figures.quality.summary,
    waitSecondsByPartySize: figures.waitsByGroup.bySize,
    waitSecondsByBand: figures.waitsByGroup.byBand,
    skill: figures.skill,
    botRooms: figures.botRooms,
    opsPerMatchedPlayer: opsPerMatchedPlayer(figures),
    opsByKindPerMatchedPlayer: figures.opsByKind,
    otherOps: Object.fromEntries(
      figures.otherOps.map((r) => [r.source, { reads: r.reads, writes: r.writes, invocations: r.invocations }]),
    ),
    invocations: Object.fromEntries(figures.invocations.map(({ name, ...rest }) => [name, rest])),
    matcher: { ...figures.matcher, openingReads: undefined, runs: result.matcherRuns.map(matcherRunRow) },
    faults: result.faults,
    penalties: result.penalties,
    operator: result.operator,
    anomalies: {
      doubleEnqueues: result.doubleEnqueues,
      listenerErrors: result.listenerErrors,
      staleViews: result.staleViews,
      missedUpdates: result.missedUpdates,
      stuckBots: result.stuckBots,
    },
    background: result.background,
    wallSeconds: figures.wallSeconds,
    playSeconds: figures.playSeconds,
    phasesMs: result.phasesMs,
    limiterWaitMs: figures.limiterWaitMs,
    leftLive: result.leftLive,
    vanishedQueuedAtEnd: result.vanishedQueued,
    machine: { cores: result.machine.cores, loadAverage: loadSummary(result) },
    options: result.options,
    violations: result.violations,
  };
}

/** Mean and highest 1-minute load average sampled while the bots played. */
export function loadSummary(result: SimulationResult) {
  const samples = result.machine.loadAverages;
  return samples.length
    ? { mean: +(samples.reduce((a, b) => a + b, 0) / samples.length).toFixed(2), max: +Math.max(...samples).toFixed(2) }
    : null;
}

const LATENCY_EDGES = [0, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12_000, 16_000, 24_000, 32_000];
const seconds = (edge: number) => (edge === LATENCY_EDGES.at(-1) ? `${edge / 1000}+` : `${edge / 1000}`);

export function waitChart(figures: Figures, sweepIntervalSeconds: number): string {
  const { immediate, scheduled } = figures.byPath;
  const markers = [
    ...(immediate.p95 === null
      ? []
      : [{ at: immediate.p95, label: `immediate p95 ${ms(immediate.p95)}`, color: COLORS.immediate }]),
    ...(scheduled.p95 === null
      ? []
      : [{ at: scheduled.p95, label: `scheduled p95 ${ms(scheduled.p95)}`, color: COLORS.scheduled }]),
    { at: TARGETS.immediateP95Ms, label: 'immediate target 1.5 s', color: COLORS.target },
    {
      at: 1000 * sweepIntervalSeconds + TARGETS.scheduledSlackMs,
      label: `scheduled target ${sweepIntervalSeconds + 1} s`,
      color: COLORS.target,
    },
  ];
  return histogram({
    id: 'main-chart',
    title: `Enqueue → room seen by the client's listener (${figures.enqueueToRoomMs.n} matched enqueues, ${figures.bots} bots)`,
    xLabel: 'seconds (bins widen to the right; the last holds everything longer)',
    yLabel: 'enqueues',
    edges: LATENCY_EDGES,
    tick: seconds,
    series: [
      {
        name: 'immediate path (enqueue returned the room)',
        values: figures.latencies.immediate,
        color: COLORS.immediate,
      },
      { name: 'scheduled path (waited in the pool)', values: figures.latencies.scheduled, color: COLORS.scheduled },
    ],
    markers,
  });
}

/** The rooms bots filled per mode with bots, and the waits of the tickets they seated against the humans'. */
function botSection(figures: Figures): string {
  const modes = figures.botRooms.byMode;
  if (!modes.length) return '<p>No mode seats bots in this configuration.</p>';
  const s = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} s`);
  return table(
    [
      'mode',
      'bots after',
      'rooms with bots',
      'humans / bots in them',
      'rooms of humans',
      'bot-seated wait p50 / p95',
      'human wait p50 / p95',
      'saved per ticket (human p50 − own wait)',
      'saved player-seconds',
    ],
    modes.map((m) => [
      m.mode,
      `${m.afterSeconds} s`,
      m.rooms,
      `${m.humans} / ${m.bots}`,
      m.humanRooms,
      `${s(m.botWait.p50)} / ${s(m.botWait.p95)}`,
      `${s(m.humanWait.p50)} / ${s(m.humanWait.p95)}`,
      s(m.savedSecondsPerTicket),
      m.savedPlayerSeconds,
    ]),
  );
}

function table(head: string[], rows: (string | number | null)[][]): string {
  const cell = (v: string | number | null) => `<td>${v === null ? '–' : escapeHtml(String(v))}</td>`;
  return `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map(cell).join('')}</tr>`).join('')}</tbody></table>`;
}

const verdict = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? '✓ met' : '✗ missed');
const atMost = (value: number | null, bound: number) => verdict(value === null ? null : value <= bound);

function targetsSection(figures: Figures, interval: number): string {
  const scheduledTarget = 1000 * interval + TARGETS.scheduledSlackMs;
  const { immediate, scheduled, matcherDelay } = figures.byPath;
  return table(
    ['measure', 'target', 'measured', ''],
    [
      ['invariant violations', '0', figures.invariantViolations, verdict(figures.invariantViolations === 0)],
      [
        'Firestore reads per matched player (enqueue → settlement)',
        `≤ ${TARGETS.readsPerMatchedPlayer}`,
        figures.readsPerMatchedPlayer,
        atMost(figures.readsPerMatchedPlayer, TARGETS.readsPerMatchedPlayer),
      ],
      [
        'Firestore writes per matched player',
        `≤ ${TARGETS.writesPerMatchedPlayer}`,
        figures.writesPerMatchedPlayer,
        atMost(figures.writesPerMatchedPlayer, TARGETS.writesPerMatchedPlayer),
      ],
      [
        'enqueue → room p95, immediate path',
        '≤ 1.5 s',
        ms(immediate.p95),
        atMost(immediate.p95, TARGETS.immediateP95Ms),
      ],
      [
        'enqueue → room p95, scheduled path',
        `≤ ${interval + 1} s`,
        ms(scheduled.p95),
        atMost(scheduled.p95, scheduledTarget),
      ],
      [
        'match possible → room seen p95, matcher sweeps',
        `≤ ${interval + 1} s`,
        ms(matcherDelay.p95),
        atMost(matcherDelay.p95, scheduledTarget),
      ],
    ],
  );
}

const spreadRow = (name: string, s: Spread, unit = (v: number | null) => (v === null ? '–' : String(v))) => [
  name,
  s.n,
  unit(s.p50),
  unit(s.p95),
];

function latencyTable(figures: Figures): string {
  return table(
    ['path', 'n', 'p50', 'p95'],
    [
      spreadRow('all matched enqueues', figures.enqueueToRoomMs, ms),
      spreadRow('immediate (enqueue returned the room)', figures.byPath.immediate, ms),
      spreadRow('scheduled (enqueue returned no room)', figures.byPath.scheduled, ms),
      spreadRow('… matched by a matcher sweep', figures.byPath.scheduledByMatcher, ms),
      spreadRow("… matched by a later player's enqueue", figures.byPath.scheduledByEnqueue, ms),
      spreadRow('match possible → room seen (matcher sweeps)', figures.byPath.matcherDelay, ms),
    ],
  );
}

function costSection(figures: Figures): string {
  if (!figures.queueOps.length)
    return '<p class="warn">The stack ran without LADDER_METRICS=on, so the callables recorded no reads or writes.</p>';
  const players = figures.matchedPlayers;
  const costRows = figures.queueOps.map((r) => [
    r.source,
    r.invocations,
    r.reads,
    r.writes,
    perPlayer(r.reads, players),
    perPlayer(r.writes, players),
  ]);
  const total = [
    'total',
    null,
    figures.queueOps.reduce((s, r) => s + r.reads, 0),
    figures.queueOps.reduce((s, r) => s + r.writes, 0),
    figures.readsPerMatchedPlayer,
    figures.writesPerMatchedPlayer,
  ];
  const head = ['made by', 'invocations', 'reads', 'writes', 'reads / matched player', 'writes / matched player'];
  const per = (key: 'reads' | 'writes') => figures.queueOps.map((r) => r[key] / Math.max(1, players));
  return (
    table(head, [...costRows, total]) +
    bars({
      id: 'cost-chart',
      title: 'Reads and writes per matched player, by where they were made',
      yLabel: 'per matched player',
      labels: figures.queueOps.map((r) => r.source.replace(' (scheduled runs)', '')),
      series: [
        { name: 'reads', values: per('reads'), color: COLORS.reads },
        { name: 'writes', values: per('writes'), color: COLORS.writes },
      ],
    })
  );
}

function qualitySection(figures: Figures): string {
  const q = figures.quality;
  const charts =
    histogram({
      id: 'quality-chart',
      title: "Match quality: difference between the sides' average scores (team rooms)",
      xLabel: 'side difference (rating points)',
      edges: [0, 5, 10, 15, 20, 25, 30, 40, 50, 60, 80, 100],
      series: [{ name: 'team rooms', values: q.sideDifference, color: COLORS.immediate }],
    }) +
    histogram({
      id: 'spread-chart',
      title: 'Match quality: spread between the highest and lowest matching score',
      xLabel: 'spread (rating points)',
      edges: [0, 25, 50, 75, 100, 150, 200, 250, 300, 350, 400],
      series: [{ name: 'rooms', values: q.spread, color: COLORS.scheduled }],
    });
  return (
    charts +
    table(
      ['measure', 'n', 'p50', 'p95'],
      [
        spreadRow('side difference (points)', q.summary.sideDifference),
        spreadRow('|predicted win probability − 0.5|', q.summary.fairness),
        spreadRow('spread (points)', q.summary.spread),
        spreadRow("wait when matched (s, from the ticket's enqueue time)", q.summary.waitSeconds),
      ],
    )
  );
}

function timelineChart(figures: Figures): string {
  return lines({
    id: 'timeline-chart',
    title: 'Load over time (10 s buckets)',
    xLabel: 'seconds since the start (sign-in included)',
    yLabel: 'per second / per 10 s',
    xs: figures.callTimeline.map((b) => b.at),
    series: [
      {
        name: 'callable requests per second',
        values: figures.callTimeline.map((b) => b.calls / 10),
        color: COLORS.calls,
      },
      { name: 'rooms committed per 10 s', values: figures.callTimeline.map((b) => b.rooms), color: COLORS.rooms },
    ],
  });
}

function invocationsTable(figures: Figures): string {
  return table(
    [
      'function',
      'server invocations',
      'client calls',
      'refused (code: count)',
      'client p50',
      'client p95',
      'client p99',
    ],
    figures.invocations.map((i) => [
      i.name,
      i.server,
      i.client,
      Object.entries(i.refused)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', ') || '–',
      ms(i.p50Ms),
      ms(i.p95Ms),
      ms(i.p99Ms),
    ]),
  );
}

function matcherRunsTable(result: SimulationResult): string {
  const head = ['run', 'sweeps', 'committed', 'stale', 'expired', 'room deadlines', 'opening reads', 'reads', 'writes'];
  return table(
    [...head, 'reads / sweep'],
    result.matcherRuns.map((r, i) => [
      i + 1,
      r.sweeps,
      r.committed,
      r.stale,
      r.expired,
      r.roomDeadlines,
      r.openingReads,
      r.reads,
      r.writes,
      r.sweeps ? (r.reads / r.sweeps).toFixed(1) : null,
    ]),
  );
}

function operatorSection(result: SimulationResult): string {
  if (!result.operator) return '';
  const actions = result.operator.actions.map((a) => [
    ((a.at - result.playFrom) / 1000).toFixed(1),
    a.action,
    a.target,
    a.outcome,
  ]);
  return `<h2>Operator</h2><p>An operator acted through the admin callables while the bots played (<code>--operator</code>); the
invariant checker held the database to each action from its audit row.</p>${table(['action', 'count'], Object.entries(result.operator.counts))}${table(
    ['at (s into play)', 'action', 'target', 'answer'],
    actions,
  )}`;
}

function anomaliesSection(result: SimulationResult): string {
  const anomalies = [
    ...result.doubleEnqueues.map((e) => `both of two concurrent enqueues got a ticket: ${e}`),
    ...result.listenerErrors.map((e) => `listener error ${e}`),
    ...result.staleViews.map((e) => `stale listener: ${e}`),
    ...result.stuckBots.map((e) => `bot still busy after the stop: ${e}`),
  ];
  const missed = result.missedUpdates;
  const missedList = missed.length
    ? `<p class="warn">${missed.length} ticket updates a listener never delivered; a fresh listener did at once (the emulator's, see docs/CONTRIBUTING.md):</p><ul>${missed.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`
    : '';
  const anomalyList = anomalies.length
    ? `<ul class="bad">${anomalies.map((a) => `<li>${escapeHtml(a)}</li>`).join('')}</ul>`
    : '<p class="good">No double enqueue, no listener errors, no stale listeners, no bot left busy.</p>';
  return anomalyList + missedList;
}

function violationsSection(result: SimulationResult): string {
  return result.violations.length
    ? `<ol class="bad">${result.violations.map((v) => `<li><b>${escapeHtml(v.invariant)}</b>: ${escapeHtml(v.documents.join(', '))} — ${escapeHtml(v.detail)}</li>`).join('')}</ol>`
    : '<p class="good">Every invariant holds over the whole database after the run.</p>';
}

/** The opening paragraph: what ran, on what, for how long, and what it seated. */
function runSummary(figures: Figures, result: SimulationResult): string {
  const load = loadSummary(result);
  const seeded = Object.values(result.background.perMode);
  return `<p>${figures.bots} bots (real web-SDK clients on the Auth, Functions and Firestore emulators) played for ${figures.playSeconds} s;
wall time ${figures.wallSeconds} s on ${result.machine.cores} cores shared by the emulators, the bots and the matcher
(1-minute load average while playing: ${load ? `mean ${load.mean}, max ${load.max}` : 'not sampled'}). Sweep interval ${result.sweepIntervalSeconds} s, matcher runs of ${result.runSeconds} s.
${figures.matches} rooms, ${figures.matchedPlayers} players seated in rooms that started (${figures.settledPlayers} in settled ones).
${seeded.length ? `Background: ${seeded.reduce((a, b) => a + b, 0)} seeded unmatchable waiting tickets, digested by one unmeasured matcher run (${result.background.coldStartReads} reads).` : ''}</p>`;
}

export function reportHtml(figures: Figures, result: SimulationResult): string {
  const interval = result.sweepIntervalSeconds;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ladder matchmaking simulation — ${figures.bots} bots</title>
<style>
body{font-family:system-ui,sans-serif;max-width:900px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
table{border-collapse:collapse;margin:.8em 0 1.4em;font-size:14px}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left}th{background:#f5f5f5}
svg{display:block;margin:1em 0;max-width:100%;height:auto;border:1px solid #eee}.good{color:#276749}.bad,.warn{color:#c53030}code{background:#f5f5f5;padding:0 3px}
</style></head><body>
<h1>Ladder matchmaking: load and fault simulation</h1>
${runSummary(figures, result)}
<h2>Invariants</h2>${violationsSection(result)}
<h2>Targets</h2>${targetsSection(figures, interval)}
<h2>Waiting for a room</h2>${waitChart(figures, interval)}${latencyTable(figures)}
<p>The scheduled path's enqueue → room includes the wait for other players and for caps to widen; "match possible → room seen"
starts at the moment this room's own tickets first made a valid match (the last ticket's entry, a widening step, or the end of a fill wait).
Latency runs from the moment the enqueue request left the client. Before that, requests waited for one of the simulation's
${result.options.concurrency} request slots (which keep hundreds of bots from swamping the machine the emulators share): p50
${ms(figures.limiterWaitMs.p50)}, p95 ${ms(figures.limiterWaitMs.p95)} while playing. That wait is not in the figures, but a
slow ready-check answer or heartbeat caused by it is in what follows from it (cancelled rooms, expired tickets).</p>
<h2>Waits by party size and by band</h2>${groupWaitsSection(figures)}
<h2>Match quality</h2>${qualitySection(figures)}
<h2>Ratings against true skill</h2>${skillSection(figures)}
<h2>Bots after a wait</h2>${botSection(figures)}
<h2>Throughput</h2>${table(['measure', 'value'], Object.entries(figures.throughput))}${timelineChart(figures)}
<h2>Firestore cost</h2>
<p>Counted in the store layer: every transaction read and write (retries included), query results (at least one read each) and
listener documents added or changed. Callables record theirs in <code>metrics/*</code>; the matcher runs in this process and counts
in the op counters of its context. A matched player is one seated in a room that got past its ready check.</p>${costSection(figures)}
<p>Outside the enqueue → settlement window: ${figures.otherOps.map((r) => `${escapeHtml(r.source)} ${r.reads} reads / ${r.writes} writes`).join('; ') || '–'}.</p>
<h2>Function invocations</h2>${invocationsTable(figures)}
<h2>Matcher runs</h2>${matcherRunsTable(result)}
<h2>Faults injected</h2>${table(['fault injected', 'count'], Object.entries(result.faults))}
${operatorSection(result)}
<h2>Fair-play penalties</h2>
<p>From the database after the run (see docs/fair-play.md): players with a dodge on record and the highest cooldown step
reached, players still cooling down, leaves and the rooms whole sides left, reports contradicting a settled result
and players past the review threshold. The invariant checker verified each leave and contradicting report was
counted once.</p>${table(['penalty on record at the end', 'count'], Object.entries(result.penalties))}
<h2>Client anomalies</h2>${anomaliesSection(result)}
<h2>Run</h2>${table(
    ['option', 'value'],
    Object.entries(result.options).map(([k, v]) => [k, JSON.stringify(v)]),
  )}
</body></html>
`;
}

/** The waits of the started rooms' tickets by party size and by rating band, p50 / p95. */
function groupWaitsSection(figures: Figures): string {
  const rows = (groups: Record<string, { p50: number; p95: number; samples: number }>) =>
    Object.entries(groups).map(([k, w]) => [k, w.p50.toFixed(1), w.p95.toFixed(1), w.samples]);
  return `${table(['party size', 'wait p50 s', 'wait p95 s', 'tickets'], rows(figures.waitsByGroup.bySize))}
${table(['band', 'wait p50 s', 'wait p95 s', 'tickets'], rows(figures.waitsByGroup.byBand))}
<p>Each ticket's wait from its enqueue to its room's proposal, in the rooms that started; a band is the party's mean rating's tier.</p>`;
}

/** Spearman by games played per ladder, and the rooms' forecasts scored against what happened. */
function skillSection(figures: Figures): string {
  const { trueSkill, ladders, forecasts } = figures.skill;
  const rho = (value: number | null) => (value === null ? null : value.toFixed(3));
  const marks = ladders[0]?.afterGames.map((a) => a.games) ?? [];
  const convergence = table(
    ['ladder', 'system', ...marks.map((n) => `ρ after game ${n} (bots)`), 'ρ final (bots)'],
    ladders.map((l) => [
      l.ladder,
      l.system,
      ...l.afterGames.map((a) => (a.players ? `${rho(a.spearman) ?? '–'} (${a.players})` : null)),
      `${rho(l.final.spearman) ?? '–'} (${l.final.players})`,
    ]),
  );
  const calibration = table(
    ['predicted', 'rooms × sides', 'mean predicted', 'won'],
    forecasts.calibration
      .filter((b) => b.count > 0)
      .map((b) => [`${b.from.toFixed(1)}–${b.to.toFixed(1)}`, b.count, rho(b.meanPredicted), rho(b.winRate)]),
  );
  return `<p>Every bot has a hidden true skill, normal with mean ${trueSkill.mean} and deviation ${trueSkill.deviation}; a
game is decided by the players' performances (true skill plus noise of ${trueSkill.noise}, summed per side; a free-for-all is
placed by performance). ρ is Spearman's rank correlation between the bots' ratings after that many games on the ladder and
their true skills.</p>${convergence}
<p>The win chance stored on each settled team room (the matcher's forecast from the players' ratings), scored against the
outcome over ${forecasts.rooms} rooms: Brier score ${rho(forecasts.brier) ?? '–'} (the true chances score
${rho(forecasts.trueBrier) ?? '–'}; always saying 50% scores 0.250).</p>${calibration}`;
}

/** Writes report.json and report.html into `dir`; returns their paths. */
export function writeReports(dir: string, figures: Figures, result: SimulationResult) {
  const json = join(dir, 'report.json');
  const html = join(dir, 'report.html');
  writeFileSync(json, `${JSON.stringify(reportJson(figures, result), null, 2)}\n`);
  writeFileSync(html, reportHtml(figures, result));
  return { json, html };
}
