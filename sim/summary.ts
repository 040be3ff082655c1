/** The few lines `npm run simulate` prints at the end: what happened, against the issue's targets. */
import type { Figures, Spread } from './analysis.js';
import { loadSummary, TARGETS } from './report.js';
import type { SimulationResult } from './simulation.js';

const ms = (v: number | null) =>
  v === null ? '–' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`;
const secs = (v: number | null) => (v === null ? '–' : `${v.toFixed(1)} s`);
const spread = (s: Spread) => `p50 ${ms(s.p50)}, p95 ${ms(s.p95)} (n=${s.n})`;
const verdict = (value: number | null, limit: number) =>
  value === null ? 'not measured' : value <= limit ? 'met' : 'MISSED';
const minutes = (s: number) => (s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`);

/** Waits by party size and by rating band, p50 / p95 (issue 30): does any party size or band wait far longer? */
function groupWaitLines(f: Figures): string[] {
  const row = (groups: Record<string, { p50: number; p95: number; samples: number }>, name: (k: string) => string) =>
    Object.entries(groups)
      .map(([k, w]) => `${name(k)} ${w.p50.toFixed(1)} / ${w.p95.toFixed(1)} s (${w.samples})`)
      .join(', ') || '–';
  return [
    `  waits by party size  ${row(f.waitsByGroup.bySize, (k) => (k === '1' ? 'solo' : `${k}-stack`))}`,
    `  waits by band        ${row(f.waitsByGroup.byBand, (k) => k)}`,
  ];
}

export function summary(f: Figures, result: SimulationResult, wallSeconds: number, stackSeconds: number): string {
  const scheduledLimit = 1000 * result.sweepIntervalSeconds + TARGETS.scheduledSlackMs;
  const statuses = Object.entries(f.roomsByStatus)
    .map(([s, n]) => `${s} ${n}`)
    .join(', ');
  const load = loadSummary(result);
  const lines = [
    `Simulation: ${f.bots} bots, ${f.playSeconds} s of play; wall time ${minutes(wallSeconds)} (emulators ${Math.round(stackSeconds)} s, simulation ${minutes(f.wallSeconds)})`,
    `  machine          ${result.machine.cores} cores, load average while playing ${load ? `${load.mean} (max ${load.max})` : '–'}`,
    `  matches          ${f.matches} rooms (${statuses}); ${f.matchedPlayers} players seated in rooms that started, ${f.enqueues.lateJoiners} joined a game in progress`,
    `  throughput       ${f.throughput.matchesPerMinute} matches/min, ${f.throughput.matchedPlayersPerSecond} matched players/s, ${f.throughput.callsPerSecond} callable requests/s`,
    `  enqueue → room   ${spread(f.enqueueToRoomMs)}`,
    `    immediate      ${spread(f.byPath.immediate)}  target p95 ≤ 1.5 s: ${verdict(f.byPath.immediate.p95, TARGETS.immediateP95Ms)}`,
    `    scheduled      ${spread(f.byPath.scheduled)}  target p95 ≤ ${result.sweepIntervalSeconds + 1} s: ${verdict(f.byPath.scheduled.p95, scheduledLimit)}`,
    `    match possible → room seen (matcher)  ${spread(f.byPath.matcherDelay)}`,
    `  per matched player  ${f.readsPerMatchedPlayer ?? '–'} reads (target ≤ ${TARGETS.readsPerMatchedPlayer}: ${verdict(f.readsPerMatchedPlayer, TARGETS.readsPerMatchedPlayer)}), ${f.writesPerMatchedPlayer ?? '–'} writes (target ≤ ${TARGETS.writesPerMatchedPlayer}: ${verdict(f.writesPerMatchedPlayer, TARGETS.writesPerMatchedPlayer)})`,
    ...groupWaitLines(f),
    `  matcher          ${f.matcher.runs} runs, ${f.matcher.sweeps} sweeps (one every ${f.matcher.sweepCycleMs ?? '–'} ms), ${f.matcher.readsPerSweep ?? '–'} reads/sweep (${f.matcher.steadyReadsPerSweep ?? '–'} after each run's opening reads)`,
    `  true skill       ${f.skill.ladders
      .filter((l) => l.final.players)
      .map((l) => {
        const at10 = l.afterGames.find((a) => a.games === 10);
        return `${l.ladder} (${l.system}) ρ ${l.final.spearman?.toFixed(2) ?? '–'} over ${l.final.players} bots, after 10 games ${at10?.spearman?.toFixed(2) ?? '–'} (${at10?.players ?? 0})`;
      })
      .join(
        '; ',
      )}; room forecasts Brier ${f.skill.forecasts.brier?.toFixed(3) ?? '–'} (true chances ${f.skill.forecasts.trueBrier?.toFixed(3) ?? '–'})`,
    `  bots             ${
      f.botRooms.byMode
        .map(
          (m) =>
            `${m.mode} ${m.rooms} rooms with bots (${m.humans} humans, ${m.bots} bots; after ${m.afterSeconds} s) beside ${m.humanRooms} of humans; bot-seated wait p50 ${secs(m.botWait.p50)} vs human p50 ${secs(m.humanWait.p50)} (human p50 − own wait: ${secs(m.savedSecondsPerTicket)} per ticket, ${m.savedPlayerSeconds ?? '–'} player-seconds)`,
        )
        .join('; ') || 'no mode seats bots'
    }`,
    `  invocations      ${f.invocations.map((i) => `${i.name} ${i.server ?? i.client}`).join(', ')}`,
    `  client latency   ${f.invocations
      .filter((i) => i.p50Ms !== null)
      .map((i) => `${i.name} p50 ${ms(i.p50Ms)}, p95 ${ms(i.p95Ms)}, p99 ${ms(i.p99Ms)}`)
      .join('; ')}`,
    `  client anomalies ${result.doubleEnqueues.length} double enqueues, ${result.listenerErrors.length} listener errors, ${result.staleViews.length} stale listeners, ${result.missedUpdates.length} ticket updates a listener missed (heard by listening afresh), ${result.stuckBots.length} bots stuck after the stop`,
    ...(result.operator
      ? [
          `  operator         ${Object.entries(result.operator.counts)
            .map(([action, n]) => `${action} ${n}`)
            .join(', ')}`,
        ]
      : []),
    `  invariants       ${f.invariantViolations ? `${f.invariantViolations} VIOLATIONS` : 'every invariant holds'}${result.leftLive ? ` (${result.leftLive} rooms/tickets still live when the drain gave up)` : ''}${result.vanishedQueued ? `; ${result.vanishedQueued} tickets of vanished clients were still waiting to expire` : ''}`,
  ];
  return lines.join('\n');
}
