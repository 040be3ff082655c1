import { describe, expect, it } from 'vitest';
import {
  candidateScoreRange,
  matchTicketNow,
  proposalTickets,
  sweepPool,
  violations,
  type MatchProposal,
} from '../../functions/src/core/match/index.js';
import { defaultModes, parseModes, type Mode } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { NOW, solos, ticket, PARTY_BONUS } from './helpers.js';

function mode(id: string, premade?: 'sameCount' | 'mirror'): Mode {
  const found = defaultModes[id];
  if (!found) throw new Error(`${id} is a default mode`);
  return premade && found.format.kind === 'team' ? { ...found, format: { ...found.format, premade } } : found;
}

const ids = (tickets: readonly Ticket[]) => tickets.map((t) => t.id).sort();
const sizes = (side: readonly Ticket[] | undefined) => (side ?? []).map((t) => t.members.length).sort();
const only = (proposals: MatchProposal[]): MatchProposal => {
  expect(proposals).toHaveLength(1);
  return proposals[0] as MatchProposal;
};

// Requirement numbers are those of docs/design.md.
describe('requirement 3: the spread between the highest and lowest score is capped', () => {
  const twoVsTwo = mode('2v2');
  const pool = (wait: number) => solos([1500, 1500, 1610, 1610], wait);

  it('leaves four players 110 apart unmatched while the cap is 100, though their sides would be even', () => {
    const { proposals, unmatched } = sweepPool(twoVsTwo, pool(0), NOW);
    expect(proposals).toEqual([]);
    expect(unmatched.noCandidatesWithinCaps).toBe(4);
  });

  it('matches them once the oldest has waited long enough for the cap to widen to 200', () => {
    const proposal = only(sweepPool(twoVsTwo, pool(2), NOW).proposals);
    expect(proposal.quality.spread).toBe(110);
    expect(proposal.quality.sideDifference).toBe(0);
  });
});

describe('requirement 4: the difference between the sides is capped', () => {
  const twoVsTwo = mode('2v2');
  const pool = (wait: number) => [ticket([1500, 1500], wait), ticket([1540, 1540], wait)];

  it('does not pit two duos 40 apart against each other while the side cap is 20', () => {
    expect(sweepPool(twoVsTwo, pool(0), NOW).proposals).toEqual([]);
  });

  it('does once the side cap has widened to 50', () => {
    expect(only(sweepPool(twoVsTwo, pool(20), NOW).proposals).quality.sideDifference).toBe(40);
  });

  it('prefers a match as fair as a fresh one over one the widened cap merely allows', () => {
    const waiting = ticket([1500], 25);
    const nearest = solos([1530, 1531, 1445]);
    const allowed = only(sweepPool(twoVsTwo, [waiting, ...nearest], NOW).proposals);
    expect(allowed.quality.sideDifference).toBe(27);
    const fairer = ticket([1560]);
    const fair = only(sweepPool(twoVsTwo, [waiting, ...nearest, fairer], NOW).proposals);
    expect(fair.quality.sideDifference).toBe(0.5);
    expect(proposalTickets(fair)).toContain(fairer);
  });

  it('balances the sides: the two strongest of four solos play against each other', () => {
    const players = solos([1560, 1550, 1480, 1470]);
    const proposal = only(sweepPool(twoVsTwo, players, NOW).proposals);
    const sideOf = (score: number) => (proposal.sides[0]?.some((t) => t.score === score) ? 'A' : 'B');
    expect(sideOf(1560)).not.toBe(sideOf(1550));
    expect(proposal.quality.sideDifference).toBe(0);
    expect(proposal.quality.winProbabilityA).toBe(0.5);
  });
});

describe('requirement 5: a party matches on its average plus 10 per member', () => {
  const twoVsTwo = mode('2v2');

  it('matches a duo averaging 1500 with solos at 1520, its party-adjusted score', () => {
    const duo = ticket([1490, 1510]);
    const pair = ticket([1500, 1500]);
    expect(duo.score).toBe(1520);
    const proposal = only(sweepPool(twoVsTwo, [duo, pair], NOW).proposals);
    expect(proposal.quality.sideDifference).toBe(0);
  });

  it('counts the bonus in the spread, so a duo of 1500s does not meet solos at 1400', () => {
    const duo = ticket([1500, 1500]);
    const duo2 = ticket([1400, 1400]);
    expect(sweepPool(twoVsTwo, [duo, duo2], NOW).proposals).toEqual([]);
  });
});

describe('requirement 6: both sides hold the same number of premade parties', () => {
  it('will not put a duo against two solos', () => {
    const twoVsTwo = mode('2v2');
    const { proposals, unmatched } = sweepPool(twoVsTwo, [ticket([1500, 1500]), ...solos([1520, 1520])], NOW);
    expect(proposals).toEqual([]);
    expect(unmatched.premadeImbalance).toBe(3);
  });

  it('splits a trio and a duo onto opposite sides, each filled with solos (sameCount)', () => {
    const fiveVsFive = mode('5v5');
    const pool = [ticket([1470, 1470, 1470]), ticket([1480, 1480]), ...solos([1500, 1500, 1500, 1500, 1500])];
    const [a, b] = only(sweepPool(fiveVsFive, pool, NOW).proposals).sides;
    expect([sizes(a), sizes(b)].sort()).toEqual([
      [1, 1, 1, 2],
      [1, 1, 3],
    ]);
  });

  it('accepts a four-stack against a trio under sameCount but not under mirror', () => {
    const pool = () => [ticket([1480, 1480, 1480, 1480]), ticket([1490, 1490, 1490]), ...solos([1520, 1520, 1520])];
    const sameCount = mode('5v5', 'sameCount');
    expect(sweepPool(sameCount, pool(), NOW).proposals).toHaveLength(1);
    const mirror = mode('5v5', 'mirror');
    const { proposals, unmatched } = sweepPool(mirror, pool(), NOW);
    expect(proposals).toEqual([]);
    expect(unmatched.premadeImbalance).toBe(5);
  });

  it('under mirror, gives each side the same party sizes', () => {
    const mirror = mode('4v4', 'mirror');
    const pool = [ticket([1500, 1500]), ticket([1490, 1490]), ...solos([1500, 1510, 1520, 1530])];
    const [a, b] = only(sweepPool(mirror, pool, NOW).proposals).sides;
    expect(sizes(a)).toEqual([1, 1, 2]);
    expect(sizes(b)).toEqual([1, 1, 2]);
  });
});

describe('requirement 7: queueing returns a match at once, or nothing', () => {
  const twoVsTwo = mode('2v2');

  it('returns a match containing the arriving player when one can be made', () => {
    const waiting = solos([1490, 1505, 1510], 3);
    const arriving = ticket([1500]);
    const proposal = matchTicketNow(twoVsTwo, arriving, waiting, NOW);
    expect(proposal && ids(proposalTickets(proposal))).toEqual(ids([...waiting, arriving]));
    expect(proposal && violations(twoVsTwo, proposal, PARTY_BONUS)).toEqual([]);
  });

  it('ignores the arriving ticket and repeats among the candidates, as overlapping reads return them', () => {
    const waiting = solos([1490, 1505, 1510], 3);
    const arriving = ticket([1500]);
    const proposal = matchTicketNow(twoVsTwo, arriving, [arriving, ...waiting, ...waiting], NOW);
    expect(proposal && ids(proposalTickets(proposal))).toEqual(ids([...waiting, arriving]));
  });

  it('returns null, leaving the player queued, when none can', () => {
    const waiting = solos([1490, 1505], 3);
    expect(matchTicketNow(twoVsTwo, ticket([1500]), waiting, NOW)).toBeNull();
    expect(matchTicketNow(twoVsTwo, ticket([1500]), solos([1300, 1310, 1320]), NOW)).toBeNull();
    expect(matchTicketNow(twoVsTwo, ticket([1500, 1500, 1500]), solos([1500, 1500, 1500]), NOW)).toBeNull();
  });

  it('asks the shell for candidates in a window that covers every partner the widest cap allows', () => {
    expect(candidateScoreRange(twoVsTwo, ticket([1500]))).toEqual({ min: 1100, max: 1900 });
  });

  it('finds the match among a hundred candidates, as the shell reads them', () => {
    const far = solos(Array.from({ length: 97 }, (_, i) => 1000 + i));
    const near = solos([1502, 1498, 1501]);
    const arriving = ticket([1500]);
    const proposal = matchTicketNow(twoVsTwo, arriving, [...far, ...near], NOW);
    expect(proposal && ids(proposalTickets(proposal))).toEqual(ids([...near, arriving]));
  });
});

describe('requirement 8: free-for-all', () => {
  const ffa = mode('ffa');
  const format = ffa.format.kind === 'ffa' ? ffa.format : undefined;
  if (!format) throw new Error('ffa is a free-for-all');

  it('starts a room at once when the maximum is reached, leaving the rest queued', () => {
    const pool = solos([1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509]);
    const { proposals, unmatched } = sweepPool(ffa, pool, NOW);
    expect(proposalTickets(only(proposals))).toHaveLength(format.maxPlayers);
    expect(unmatched.noCandidatesWithinCaps).toBe(2);
  });

  it('waits for more players while the minimum is reached but the fill wait has not passed', () => {
    const { proposals, unmatched } = sweepPool(
      ffa,
      solos([1500, 1510, 1520, 1530, 1540], format.fillWaitSeconds - 1),
      NOW,
    );
    expect(proposals).toEqual([]);
    expect(unmatched.waitingForFill).toBe(5);
  });

  it('starts with everyone within the cap once the oldest has waited the fill wait', () => {
    const pool = [...solos([1500], format.fillWaitSeconds), ...solos([1510, 1520, 1530, 1540]), ...solos([2000])];
    const room = only(sweepPool(ffa, pool, NOW).proposals);
    expect(proposalTickets(room).map((t) => t.score)).toHaveLength(5);
    expect(room.sides).toHaveLength(1);
    expect(room.quality.sideDifference).toBeNull();
    expect(room.quality.winProbabilityA).toBeNull();
  });

  it('never starts below the minimum', () => {
    const { proposals, unmatched } = sweepPool(ffa, solos([1500, 1510, 1520], 100), NOW);
    expect(proposals).toEqual([]);
    expect(unmatched.noCandidatesWithinCaps).toBe(3);
  });

  it('fills the room at once with whole parties even when the nearest party does not fit', () => {
    const anchor = ticket([1500], 6);
    const five = ticket([1451, 1451, 1451, 1451, 1451]);
    const four = ticket([1660, 1660, 1660, 1660]);
    const three = ticket([1270, 1270, 1270]);
    expect([five.score, four.score, three.score]).toEqual([1501, 1700, 1300]);
    const room = only(sweepPool(ffa, [anchor, five, four, three], NOW).proposals);
    expect(ids(proposalTickets(room))).toEqual(ids([anchor, four, three]));
  });

  it('after the fill wait, seats the most players any window of the spread cap holds', () => {
    const narrow = parseModes({
      narrow: {
        ...ffa,
        spreadCap: { hard: 100, schedule: [{ afterSeconds: 0, value: 100 }] },
        format: { ...format, fillWaitSeconds: 0 },
      },
    }).narrow as Mode;
    const oldest = ticket([1500], 5);
    const below = solos([1420, 1420, 1420]);
    const above = solos([1590, 1590, 1590, 1590]);
    const [first] = sweepPool(narrow, [oldest, ...below, ...above], NOW).proposals;
    expect(first && ids(proposalTickets(first))).toEqual(ids([oldest, ...above]));
  });

  it('keeps parties together, filling exactly to the maximum when whole parties allow it', () => {
    const pool = [
      ticket([1500, 1500, 1500]),
      ticket([1500, 1500, 1500]),
      ticket([1480, 1480, 1480]),
      ...solos([1530, 1530]),
    ];
    const room = only(sweepPool(ffa, pool, NOW).proposals);
    expect(proposalTickets(room).reduce((n, t) => n + t.members.length, 0)).toBe(format.maxPlayers);
  });
});

describe('serving the longest waiting first', () => {
  const oneVsOne = mode('1v1');

  it('matches an old ticket with the partner two newer tickets would have matched each other with', () => {
    const old = ticket([1500], 65);
    const [nearer, newest] = [ticket([1580], 5), ticket([1590], 0)];
    const { proposals, unmatched } = sweepPool(oneVsOne, [newest, nearer, old], NOW);
    expect(ids(proposalTickets(only(proposals)))).toEqual(ids([old, nearer]));
    expect(unmatched.noCandidatesWithinCaps).toBe(1);
  });

  it('completes the old ticket first when a new one arrives', () => {
    const old = ticket([1500], 65);
    const recent = ticket([1595], 5);
    const arriving = ticket([1590]);
    const proposal = matchTicketNow(oneVsOne, arriving, [recent, old], NOW);
    expect(proposal && ids(proposalTickets(proposal))).toEqual(ids([old, arriving]));
  });
});

describe('tickets the matcher cannot place', () => {
  it('reports parties too large for the mode', () => {
    const twoVsTwo = mode('2v2');
    const { proposals, unmatched } = sweepPool(twoVsTwo, [ticket([1500, 1500, 1500])], NOW);
    expect(proposals).toEqual([]);
    expect(unmatched.partyTooLarge).toBe(1);
  });

  it('still matches tickets that have waited past the time-to-live: heartbeats keep them alive', () => {
    const twoVsTwo = mode('2v2');
    const patient = solos([1500, 1500, 1500, 1500], twoVsTwo.ticketTtlSeconds * 3);
    const { proposals } = sweepPool(twoVsTwo, patient, NOW);
    expect(proposals).toHaveLength(1);
    expect(matchTicketNow(twoVsTwo, patient[0]!, patient.slice(1), NOW)).not.toBeNull();
  });
});
