import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidatesWanted,
  leaveToSweep,
  matchTicketNow,
  proposalTickets,
  sweepPool,
} from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, parseModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { deepFreeze, NOW, ticket } from './helpers.js';

/**
 * A default mode with arrivals left to the sweep beside parties that have waited 6 s, or 3 s where the pool's
 * statistics last counted 500 tickets or more.
 */
const mode = (id: string): Mode => ({
  ...(defaultModes[id] as Mode),
  leaveToSweep: { afterSeconds: AFTER_SECONDS, busy: { minQueued: MIN_QUEUED, afterSeconds: BUSY_AFTER_SECONDS } },
});
const AFTER_SECONDS = 6;
const MIN_QUEUED = 500;
const BUSY_AFTER_SECONDS = 3;
/** What the pool's statistics last counted, where a test does not say: fewer than `MIN_QUEUED`. */
const QUIET = 100;

/** The shell's use of the matcher on one arrival, then one sweep: the tickets seated, by id. */
function arriveThenSweep(m: Mode, queued: Ticket[], arrival: Ticket, candidates: Ticket[]): Set<string> {
  const seated = new Set<string>();
  const left = leaveToSweep(m, arrival, candidates, NOW, QUIET);
  const now = left ? null : matchTicketNow(m, arrival, candidates, NOW);
  for (const t of now ? proposalTickets(now) : []) seated.add(t.id);
  const pool = [...queued, arrival].filter((t) => !seated.has(t.id));
  for (const p of sweepPool(m, pool, NOW + 2_000).proposals) for (const t of proposalTickets(p)) seated.add(t.id);
  return seated;
}

describe('an arrival in a busy pool where a needy party waits is left to the sweep', () => {
  it('seats the 4-stack that has waited a minute out of the arrival’s view, instead of ten solos at once', () => {
    const fiveVsFive = mode('5v5');
    // Y, a 4-stack in the arrival's view, has waited 7 s; X, further away in score, a minute.
    const x = ticket(fiveVsFive, [1400, 1400, 1400, 1400], 60, 'x');
    const y = ticket(fiveVsFive, [1450, 1450, 1450, 1450], 7, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501, 1502, 1503, 1504, 1505].map((r, i) =>
      ticket(fiveVsFive, [r], 0, `s${i}`),
    );
    const arrival = ticket(fiveVsFive, [1500], 0, 'arrival');
    // The shell's read: the five nearest above and the five nearest below; X is not among them.
    const candidates = deepFreeze([...solos, y]);
    expect(candidates).toHaveLength(candidatesWanted(fiveVsFive, 1));
    expect(leaveToSweep(fiveVsFive, arrival, candidates, NOW, QUIET)).toBe(true);
    const seated = arriveThenSweep(fiveVsFive, [x, y, ...solos], arrival, candidates);
    expect(seated.has('x')).toBe(true);
    expect(seated.has('y')).toBe(true);
  });

  it('leaves it sooner where the pool’s statistics last counted `busy.minQueued` tickets or more', () => {
    const fiveVsFive = mode('5v5');
    // Y, the only needy party in the read, has waited 4 s: long enough in a busy pool, not in a quieter one.
    const y = ticket(fiveVsFive, [1450, 1450, 1450, 1450], 4, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501, 1502, 1503, 1504, 1505].map((r, i) =>
      ticket(fiveVsFive, [r], 0, `s${i}`),
    );
    const arrival = ticket(fiveVsFive, [1500], 0, 'arrival');
    const candidates = [...solos, y];
    expect(leaveToSweep(fiveVsFive, arrival, candidates, NOW, MIN_QUEUED - 1)).toBe(false);
    expect(matchTicketNow(fiveVsFive, arrival, candidates, NOW)).not.toBeNull();
    expect(leaveToSweep(fiveVsFive, arrival, candidates, NOW, MIN_QUEUED)).toBe(true);
    // Without `busy`, a pool of any size waits the same 6 s.
    const plain = { ...fiveVsFive, leaveToSweep: { afterSeconds: AFTER_SECONDS, busy: null } };
    expect(leaveToSweep(plain, arrival, candidates, NOW, 10 * MIN_QUEUED)).toBe(false);
  });

  it('still matches at once in a quiet pool: a read that came back short is all there is', () => {
    const fiveVsFive = mode('5v5');
    const y = ticket(fiveVsFive, [1450, 1450, 1450, 1450], 30, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501].map((r, i) => ticket(fiveVsFive, [r], 0, `s${i}`));
    const arrival = ticket(fiveVsFive, [1500], 0, 'arrival');
    const candidates = [...solos, y];
    expect(leaveToSweep(fiveVsFive, arrival, candidates, NOW, QUIET)).toBe(false);
  });
});

describe('leaveToSweep', () => {
  const scarce = ['3v3', '4v4', '5v5'].filter((id) => defaultModes[id]);
  const others = Object.keys(defaultModes).filter((id) => !scarce.includes(id));
  const needy = (m: Mode, size: number) => {
    const teamSize = m.format.kind === 'team' ? m.format.teamSize : 0;
    return size === teamSize - 1 || (teamSize === 5 && size === 3);
  };
  const party = (m: Mode) =>
    fc.record({
      size: fc.integer({ min: 1, max: m.format.kind === 'team' ? m.format.teamSize : 1 }),
      rating: fc.integer({ min: 1_200, max: 1_800 }),
      age: fc.integer({ min: 0, max: 12 }),
    });

  it('leaves an arrival to the sweep exactly when its read is full and holds a needy party that has waited', () => {
    for (const id of scarce) {
      const m = mode(id);
      const queued = fc.oneof(fc.integer({ min: 0, max: 2 * MIN_QUEUED }), fc.constantFrom(MIN_QUEUED - 1, MIN_QUEUED));
      fc.assert(
        fc.property(party(m), fc.array(party(m), { maxLength: 14 }), queued, (a, cs, counted) => {
          const arrival = ticket(m, Array(a.size).fill(a.rating), 0);
          const candidates = cs.map((c) => ticket(m, Array(c.size).fill(c.rating), c.age));
          // The same ticket read twice (two overlapping reads) counts once, and the arrival never counts.
          const read = [...candidates, ...candidates.slice(0, 2), arrival];
          const full = candidates.length >= candidatesWanted(m, a.size);
          // The wait that counts: the busy one where the pool's statistics counted `busy.minQueued` or more.
          const after = counted >= MIN_QUEUED ? BUSY_AFTER_SECONDS : AFTER_SECONDS;
          const waitingNeedy = cs.some((c) => needy(m, c.size) && c.age >= after);
          expect(leaveToSweep(m, arrival, read, NOW, counted)).toBe(full && waitingNeedy);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('is off by default, and only team modes of three or more a side may turn it on', () => {
    const busy = (m: Mode) => {
      const candidates = Array.from({ length: 30 }, (_, i) => ticket(m, [1500 + i, 1500 + i, 1500 + i, 1500 + i], 60));
      return leaveToSweep(m, ticket(m, [1500], 0), candidates, NOW, QUIET);
    };
    expect(busy(defaultModes['5v5'] as Mode)).toBe(false);
    expect(busy(mode('5v5'))).toBe(true);
    const raw = JSON.parse(JSON.stringify(defaultModes)) as Record<string, Record<string, unknown>>;
    expect(() => parseModes({ '2v2': { ...raw['2v2'], leaveToSweep: { afterSeconds: 6 } } })).toThrow(
      /modes\.2v2\.leaveToSweep: only team modes of three or more a side/,
    );
    expect(parseModes({ '4v4': { ...raw['4v4'], leaveToSweep: { afterSeconds: 6 } } })['4v4']?.leaveToSweep).toEqual({
      afterSeconds: 6,
      busy: null,
    });
    const fractional = { minQueued: 2.5, afterSeconds: 3 };
    expect(() => parseModes({ '5v5': { ...raw['5v5'], leaveToSweep: { afterSeconds: 6, busy: fractional } } })).toThrow(
      /modes\.5v5\.leaveToSweep\.busy\.minQueued/,
    );
  });

  it('never holds an arrival back in modes where no party needs a scarce partner', () => {
    for (const id of others) {
      const m = { ...(defaultModes[id] as Mode), leaveToSweep: { afterSeconds: 0, busy: null } };
      const size = m.format.kind === 'team' ? m.format.teamSize : 1;
      const candidates = Array.from({ length: 30 }, (_, i) => ticket(m, Array(size).fill(1500 + i), 60));
      expect(leaveToSweep(m, ticket(m, [1500], 0), candidates, NOW, QUIET)).toBe(false);
    }
  });
});
