import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchTicketNow, proposalTickets, sweepPool } from '../../functions/src/core/match/index.js';
import { LONG_WAIT_SECONDS } from '../../functions/src/core/match/improve.js';
import { NO_PARTNER, pairScarceSolos, RESERVE_AFTER_SECONDS } from '../../functions/src/core/match/packing.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { deepFreeze, NOW, partiesFrom, ticket } from './helpers.js';
import { bruteForceMatch, isValidMatch, maximumPairs, players } from './matchOracle.js';

const fiveVsFive = defaultModes['5v5'] as Mode;
const reach = fiveVsFive.spreadCap.hard;

describe('scarce solos go to the parties that have waited longest', () => {
  it('keeps the pairing as large as any, and leaves no party without while a younger one holds a solo in its reach', () => {
    const party = fc.record({ score: fc.integer({ min: 0, max: 2000 }), age: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(fc.array(party, { maxLength: 9 }), fc.array(party, { maxLength: 9 }), (stacks, solos) => {
        const sizes = [...stacks.map(() => 4), ...solos.map(() => 1)];
        const all = [...stacks, ...solos];
        const scores = all.map((p) => p.score);
        const enqueuedAt = all.map((p) => NOW - p.age * 1000);
        const partners = pairScarceSolos(fiveVsFive, sizes, scores, () => true, enqueuedAt);
        const pairs = stacks.filter((_, t) => partners[t] !== NO_PARTNER).length;
        expect(pairs).toBe(
          maximumPairs(
            reach,
            stacks.map((s) => s.score),
            solos.map((s) => s.score),
          ),
        );
        stacks.forEach((_, t) => {
          if (partners[t] !== NO_PARTNER) return;
          solos.forEach((_, k) => {
            const solo = stacks.length + k;
            const holder = partners[solo] ?? NO_PARTNER;
            if (holder === NO_PARTNER || Math.abs((scores[solo] ?? 0) - (scores[t] ?? 0)) > reach) return;
            // The holder has waited at least as long as the party left without.
            expect(enqueuedAt[holder]).toBeLessThanOrEqual(enqueuedAt[t] ?? 0);
          });
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('2-stacks go to the 3-stacks that have waited longest', () => {
  it(`pairs as many 3-stacks as any pairing could, oldest first, among those ${RESERVE_AFTER_SECONDS} s older than the newest ticket and short of solos`, () => {
    const party = fc.record({ score: fc.integer({ min: 0, max: 2000 }), age: fc.integer({ min: 0, max: 20 }) });
    const parties = fc.array(party, { maxLength: 9 });
    fc.assert(
      fc.property(parties, parties, fc.array(party, { maxLength: 3 }), (threes, twos, soloParties) => {
        const sizes = [...threes.map(() => 3), ...twos.map(() => 2), ...soloParties.map(() => 1)];
        const all = [...threes, ...twos, ...soloParties];
        const scores = all.map((p) => p.score);
        const enqueuedAt = all.map((p) => NOW - p.age * 1000);
        const partners = pairScarceSolos(fiveVsFive, sizes, scores, () => true, enqueuedAt, true);
        const newest = Math.max(...enqueuedAt);
        // No 4-stacks here, so every solo is spare: two of them within reach are another way to play.
        const solosNear = (score: number) => soloParties.filter((solo) => Math.abs(solo.score - score) <= reach).length;
        const due = (t: number) =>
          (enqueuedAt[t] ?? 0) <= newest - RESERVE_AFTER_SECONDS * 1000 && solosNear(scores[t] ?? 0) < 2;
        expect(threes.filter((_, t) => partners[t] !== NO_PARTNER).length).toBe(
          maximumPairs(
            reach,
            threes.filter((_, t) => due(t)).map((s) => s.score),
            twos.map((s) => s.score),
          ),
        );
        threes.forEach((_, t) => {
          if (!due(t)) expect(partners[t]).toBe(NO_PARTNER);
          if (partners[t] !== NO_PARTNER || !due(t)) return;
          twos.forEach((_, k) => {
            const two = threes.length + k;
            const holder = partners[two] ?? NO_PARTNER;
            if (holder === NO_PARTNER || Math.abs((scores[two] ?? 0) - (scores[t] ?? 0)) > reach) return;
            expect(enqueuedAt[holder]).toBeLessThanOrEqual(enqueuedAt[t] ?? 0);
          });
        });
        // Where everyone queued at once, no one has waited for anyone: no 3-stack is given a 2-stack ahead.
        const atOnce = pairScarceSolos(
          fiveVsFive,
          sizes,
          scores,
          () => true,
          all.map(() => NOW),
          true,
        );
        expect(threes.every((_, t) => atOnce[t] === NO_PARTNER)).toBe(true);
        // Nor does the pairing an arrival is tried in (the sweep's alone reserves 2-stacks).
        const onArrival = pairScarceSolos(fiveVsFive, sizes, scores, () => true, enqueuedAt);
        expect(threes.every((_, t) => onArrival[t] === NO_PARTNER)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('seats the 3-stack that has waited beside a 2-stack, not the newer ones that score lower', () => {
    // A 3+2 side faces another 3+2 (the premade count): one match, and three 3-stacks for two places.
    const low = ticket([1480, 1480, 1480], 0, 'low');
    const next = ticket([1490, 1490, 1490], 0, 'next');
    const old = ticket([1520, 1520, 1520], 20, 'old');
    const twos = [ticket([1500, 1500], 0, 'x'), ticket([1500, 1500], 0, 'y')];
    const seated = sweepPool(fiveVsFive, [low, next, old, ...twos], NOW).proposals.flatMap(proposalTickets);
    expect(seated.map((t) => t.id)).toContain('old');
    expect(seated).toHaveLength(4);
  });
});

/** Small 5v5 pools near one score, so that parties compete for the same solos; waits as given. */
const pool = (waits: fc.Arbitrary<number>) =>
  fc
    .array(
      fc.record({
        size: fc.integer({ min: 1, max: 5 }),
        center: fc.integer({ min: 1350, max: 1650 }),
        jitter: fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 5, maxLength: 5 }),
        wait: waits,
      }),
      { maxLength: 10 },
    )
    .map((specs) => deepFreeze(partiesFrom(specs, 'w')));

/** Parties one short of a side, and 3-stacks: the parties with few ways to play in 5v5. */
const needy = (t: Ticket) => t.members.length === 4 || t.members.length === 3;

/** Whether some valid match among `tickets` holds `arrival` and a needy party, by trying every subset. */
function needyMatchExists(tickets: readonly Ticket[], arrival: Ticket): boolean {
  for (let mask = 1; mask < 1 << tickets.length; mask++) {
    const subset = tickets.filter((_, i) => mask & (1 << i));
    if (!subset.includes(arrival) || !subset.some(needy) || players(subset) !== 10) continue;
    if (isValidMatch(fiveVsFive, subset, NOW)) return true;
  }
  return false;
}

describe('an arriving solo', () => {
  it('completes a waiting party short of a side (or a 3-stack) whenever its candidates hold such a match', () => {
    fc.assert(
      fc.property(pool(fc.constant(10)), fc.integer({ min: 1350, max: 1650 }), (candidates, rating) => {
        const arrival = ticket([rating], 10, 'arrival');
        const proposal = matchTicketNow(fiveVsFive, arrival, candidates, NOW);
        if (needyMatchExists([arrival, ...candidates], arrival)) {
          expect(proposal && proposalTickets(proposal).some(needy)).toBe(true);
        }
        // Served first or not, it is matched exactly when its candidates hold a match.
        expect(proposal !== null).toBe(bruteForceMatch(fiveVsFive, [arrival, ...candidates], NOW, arrival) !== null);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the longest-waiting ticket of a sweep', () => {
  it(`is seated whenever any valid match holds it, once it has waited ${LONG_WAIT_SECONDS} s`, () => {
    const waits = fc.integer({ min: 0, max: LONG_WAIT_SECONDS - 1 });
    fc.assert(
      fc.property(pool(waits), fc.integer({ min: 0, max: 60 }), (others, extra) => {
        fc.pre(others.length > 0);
        // The first ticket waits longest, and long enough to choose first.
        const [first, ...rest] = others;
        const oldest = { ...(first as Ticket), enqueuedAt: NOW - (LONG_WAIT_SECONDS + extra) * 1000 };
        const tickets = [oldest, ...rest];
        const sweep = () => sweepPool(fiveVsFive, tickets, NOW).proposals;
        const seated = sweep().flatMap(proposalTickets);
        if (bruteForceMatch(fiveVsFive, tickets, NOW, oldest)) expect(seated).toContain(oldest);
        // The same pool is swept alike every time.
        const ids = () => sweep().map((p) => proposalTickets(p).map((t) => t.id));
        expect(ids()).toEqual(ids());
      }),
      { numRuns: 300 },
    );
  });
});

describe('a party no solo can seat', () => {
  it('learns it at its first sweep, apart from a party that waits for an opponent', () => {
    const alone = ticket([1500, 1500, 1500, 1500], 10, 'alone');
    const beside = ticket([2500, 2500, 2500, 2500], 10, 'beside');
    const solo = ticket([2600], 10, 'solo');
    const { reasonOf } = sweepPool(fiveVsFive, [alone, beside, solo], NOW);
    // 1,540 is over 400 from the solo at 2,600; 2,540 is beside it, and lacks only a side to face.
    expect(reasonOf.get('alone')).toBe('noSoloInReach');
    expect(reasonOf.get('beside')).toBe('noCandidatesWithinCaps');
  });
});
