import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidatesWanted,
  matchTicketNow,
  proposalTickets,
  sweepPool,
  waitsForSweep,
  weighsPoolLength,
} from '../../functions/src/core/match/index.js';
import { ARRIVAL_WAIT } from '../../functions/src/core/match/busyPool.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { deepFreeze, NOW, ticket } from './helpers.js';

/**
 * A default mode, as a studio gets it: arrivals are left to the sweep beside parties that have waited 6 s, or 3 s
 * where the pool's statistics last counted 400 tickets or more.
 */
const mode = (id: string): Mode => defaultModes[id] as Mode;
const AFTER_SECONDS = ARRIVAL_WAIT.afterSeconds;
const MIN_QUEUED = ARRIVAL_WAIT.busyFromTickets;
const BUSY_AFTER_SECONDS = ARRIVAL_WAIT.busyAfterSeconds;
/** What the pool's statistics last counted, where a test does not say: fewer than `MIN_QUEUED`. */
const QUIET = 100;

/** The shell's use of the matcher on one arrival, then one sweep: the tickets seated, by id. */
function arriveThenSweep(m: Mode, queued: Ticket[], arrival: Ticket, candidates: Ticket[]): Set<string> {
  const seated = new Set<string>();
  const left = waitsForSweep(m, arrival, candidates, NOW, QUIET);
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
    const x = ticket([1400, 1400, 1400, 1400], 60, 'x');
    const y = ticket([1450, 1450, 1450, 1450], 7, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501, 1502, 1503, 1504, 1505].map((r, i) => ticket([r], 0, `s${i}`));
    const arrival = ticket([1500], 0, 'arrival');
    // The shell's read: the five nearest above and the five nearest below; X is not among them.
    const candidates = deepFreeze([...solos, y]);
    expect(candidates).toHaveLength(candidatesWanted(fiveVsFive, 1));
    expect(waitsForSweep(fiveVsFive, arrival, candidates, NOW, QUIET)).toBe(true);
    const seated = arriveThenSweep(fiveVsFive, [x, y, ...solos], arrival, candidates);
    expect(seated.has('x')).toBe(true);
    expect(seated.has('y')).toBe(true);
  });

  it('leaves it sooner where the pool’s statistics last counted 400 tickets or more', () => {
    const fiveVsFive = mode('5v5');
    // Y, the only needy party in the read, has waited 4 s: long enough in a busy pool, not in a quieter one.
    const y = ticket([1450, 1450, 1450, 1450], 4, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501, 1502, 1503, 1504, 1505].map((r, i) => ticket([r], 0, `s${i}`));
    const arrival = ticket([1500], 0, 'arrival');
    const candidates = [...solos, y];
    expect(waitsForSweep(fiveVsFive, arrival, candidates, NOW, MIN_QUEUED - 1)).toBe(false);
    expect(matchTicketNow(fiveVsFive, arrival, candidates, NOW)).not.toBeNull();
    expect(waitsForSweep(fiveVsFive, arrival, candidates, NOW, MIN_QUEUED)).toBe(true);
  });

  it('still matches at once in a quiet pool: a read that came back short is all there is', () => {
    const fiveVsFive = mode('5v5');
    const y = ticket([1450, 1450, 1450, 1450], 30, 'y');
    const solos = [1496, 1497, 1498, 1499, 1501].map((r, i) => ticket([r], 0, `s${i}`));
    const arrival = ticket([1500], 0, 'arrival');
    const candidates = [...solos, y];
    expect(waitsForSweep(fiveVsFive, arrival, candidates, NOW, QUIET)).toBe(false);
  });
});

describe('waitsForSweep', () => {
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
          const arrival = ticket(Array(a.size).fill(a.rating), 0);
          const candidates = cs.map((c) => ticket(Array(c.size).fill(c.rating), c.age));
          // The same ticket read twice (two overlapping reads) counts once, and the arrival never counts.
          const read = [...candidates, ...candidates.slice(0, 2), arrival];
          const full = candidates.length >= candidatesWanted(m, a.size);
          // The wait that counts: the busy one where the pool's statistics counted 400 tickets or more.
          const after = counted >= MIN_QUEUED ? BUSY_AFTER_SECONDS : AFTER_SECONDS;
          const waitingNeedy = cs.some((c) => needy(m, c.size) && c.age >= after);
          expect(waitsForSweep(m, arrival, read, NOW, counted)).toBe(full && waitingNeedy);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('needs no setting: every default mode with scarce partners does it, and reads the pool’s length for it', () => {
    // A full read of parties one short of a side that have waited a minute.
    const busy = (m: Mode) => {
      const short = m.format.kind === 'team' ? m.format.teamSize - 1 : 1;
      const candidates = Array.from({ length: 30 }, (_, i) => ticket(Array(short).fill(1500 + i), 60));
      return waitsForSweep(m, ticket([1500], 0), candidates, NOW, QUIET);
    };
    for (const id of scarce) {
      expect(busy(mode(id))).toBe(true);
      expect(weighsPoolLength(mode(id))).toBe(true);
    }
    for (const id of others) expect(weighsPoolLength(mode(id))).toBe(false);
  });

  it('never holds an arrival back in modes where no party needs a scarce partner', () => {
    for (const id of others) {
      const m = mode(id);
      const size = m.format.kind === 'team' ? m.format.teamSize : 1;
      const candidates = Array.from({ length: 30 }, (_, i) => ticket(Array(size).fill(1500 + i), 60));
      expect(waitsForSweep(m, ticket([1500], 0), candidates, NOW, 10 * MIN_QUEUED)).toBe(false);
    }
  });
});
