import { measureQuality, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Ticket } from '../functions/src/core/ticket.js';

/** Groups whose averages differ by more than this are not paired (the original's "积分差上限"). */
const MAX_GROUP_DIFFERENCE = 400;

/** For an anchor party of each size, the party sizes that complete a group of five, as in the article. */
const COMPLETIONS: readonly (readonly number[])[][] = [
  [],
  [[1, 1, 1, 1]],
  [
    [2, 1],
    [1, 1, 1],
  ],
  [[2], [1, 1]],
  [[1]],
  [[]],
];

interface Group {
  tickets: number[];
  average: number;
}

/**
 * Baseline B, the batch design of the article (5v5 only): class parties by size; for each party,
 * largest first, complete a group of five by each composition its size allows ({5}, {4,1}, {3,2},
 * {3,1,1}, {2,2,1}, {2,1,1,1}, {1,1,1,1,1}), each missing party being the free one of that size whose
 * average is nearest the anchor's, and keep the composition whose average is nearest; then pair each
 * group with the free group of nearest average within 400. Averages are of raw ratings, in integers, as
 * in the original. Its list scans make it quadratic, which is the point of comparing against it.
 */
export function baselineB(tickets: readonly Ticket[], nowMs: number): MatchProposal[] {
  const averages = tickets.map((t) => Math.trunc(t.members.reduce((sum, m) => sum + m.rating, 0) / t.members.length));
  const totals = tickets.map((t) => t.members.reduce((sum, m) => sum + m.rating, 0));
  const bySize: number[][] = [[], [], [], [], [], []];
  tickets.forEach((t, i) => {
    bySize[t.members.length]?.push(i);
  });
  const used = new Uint8Array(tickets.length);

  const nearestGroup = (anchor: number, completion: readonly number[]): Group | null => {
    const group = [anchor];
    for (const size of completion) {
      let best = -1;
      let bestDistance = Infinity;
      for (const candidate of bySize[size] ?? []) {
        if (candidate === anchor || used[candidate] || group.includes(candidate)) continue;
        const distance = Math.abs((averages[anchor] ?? 0) - (averages[candidate] ?? 0));
        if (distance < bestDistance) {
          bestDistance = distance;
          best = candidate;
        }
      }
      if (best < 0) return null;
      group.push(best);
    }
    const members = group.reduce((n, i) => n + (tickets[i]?.members.length ?? 0), 0);
    return { tickets: group, average: Math.trunc(group.reduce((sum, i) => sum + (totals[i] ?? 0), 0) / members) };
  };

  const groups: Group[] = [];
  for (let size = 5; size >= 1; size--) {
    for (const anchor of bySize[size] ?? []) {
      if (used[anchor]) continue;
      let chosen: Group | null = null;
      for (const completion of COMPLETIONS[size] ?? []) {
        const group = nearestGroup(anchor, completion);
        const distance = (g: Group) => Math.abs((averages[anchor] ?? 0) - g.average);
        if (group && (!chosen || distance(group) < distance(chosen))) chosen = group;
      }
      if (!chosen) continue;
      for (const i of chosen.tickets) used[i] = 1;
      groups.push(chosen);
    }
  }

  const proposals: MatchProposal[] = [];
  const paired = new Uint8Array(groups.length);
  for (const [i, group] of groups.entries()) {
    if (paired[i]) continue;
    let best = -1;
    let bestDistance = Infinity;
    for (const [j, other] of groups.entries()) {
      if (i === j || paired[j]) continue;
      const distance = Math.abs(group.average - other.average);
      if (distance <= MAX_GROUP_DIFFERENCE && distance < bestDistance) {
        bestDistance = distance;
        best = j;
      }
    }
    const opponent = groups[best];
    if (!opponent) continue;
    paired[i] = 1;
    paired[best] = 1;
    const sides = [group, opponent].map((g) => g.tickets.map((t) => tickets[t] as Ticket));
    proposals.push({ proposedAt: nowMs, sides, quality: measureQuality(sides, nowMs) });
  }
  return proposals;
}
