import type { Mode } from '../mode/modes.js';
import { matchingScore, waitSeconds } from './ticket.js';
import { premadeBalanced } from './premade.js';
import { measureQuality, proposalTickets, type MatchProposal } from './proposal.js';
import { bestSplit } from './sides.js';
import { currentCaps } from './widening.js';

export type ViolationRule =
  | 'duplicate'
  | 'matchingScore'
  | 'partySize'
  | 'sides'
  | 'spreadCap'
  | 'sideDifferenceCap'
  | 'premade'
  | 'splitNotOptimal'
  | 'playerCount'
  | 'fillWait'
  | 'quality';

export interface Violation {
  rule: ViolationRule;
  message: string;
}

/** Relative slack for comparing figures recomputed in a different order. */
const EPSILON = 1e-9;
const differs = (a: number, b: number) => Math.abs(a - b) > EPSILON * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Every way a proposal (or a room stored from one) breaks the mode's rules, checked from its own data
 * only: caps are widened by the wait of its oldest ticket at `proposedAt`, scores checked with the configured
 * party bonus. Empty when it is valid.
 */
export function violations(mode: Mode, proposal: MatchProposal, partyBonusPerMember: number): Violation[] {
  const found: Violation[] = [];
  const fail = (rule: ViolationRule, message: string) => found.push({ rule, message });
  const tickets = proposalTickets(proposal);
  const players = tickets.flatMap((ticket) => ticket.members);
  const ids = new Set(tickets.map((ticket) => ticket.id));
  if (ids.size !== tickets.length) fail('duplicate', 'a ticket appears more than once');
  if (new Set(players.map((member) => member.uid)).size !== players.length) {
    fail('duplicate', 'a player appears more than once');
  }

  const waits = tickets.map((ticket) => waitSeconds(ticket, proposal.proposedAt));
  for (const [_i, ticket] of tickets.entries()) {
    const expected = matchingScore(
      ticket.members.map((member) => member.rating),
      partyBonusPerMember,
    );
    if (differs(ticket.score, expected)) {
      fail('matchingScore', `ticket ${ticket.id} scores ${ticket.score}, its party's matching score is ${expected}`);
    }
  }

  const caps = currentCaps(mode, Math.max(0, ...waits));
  const quality = measureQuality(proposal.sides, proposal.proposedAt);
  if (quality.spread > caps.spread) fail('spreadCap', `spread ${quality.spread} exceeds the cap ${caps.spread}`);

  if (mode.format.kind === 'team') teamViolations(mode.format, proposal, quality.sideDifference ?? 0, caps, fail);
  else freeForAllViolations(mode.format, proposal, waits, fail);
  if (!recordedQualityHolds(proposal, quality)) fail('quality', 'the recorded quality does not match the match itself');
  return found;
}

type Fail = (rule: ViolationRule, message: string) => void;
type Format = Mode['format'];

/** Two full sides, the premade policy, the side difference cap and the most even split. */
function teamViolations(
  format: Extract<Format, { kind: 'team' }>,
  proposal: MatchProposal,
  sideDifference: number,
  caps: ReturnType<typeof currentCaps>,
  fail: Fail,
) {
  const [sideA, sideB] = proposal.sides;
  const playersOf = (side: typeof sideA) => (side ?? []).reduce((n, ticket) => n + ticket.members.length, 0);
  if (!sideA || !sideB || playersOf(sideA) !== format.teamSize || playersOf(sideB) !== format.teamSize) {
    fail('sides', `needs two sides of ${format.teamSize} players, has ${proposal.sides.map(playersOf).join(' and ')}`);
    return;
  }
  const sizes = (side: typeof sideA) => side.map((ticket) => ticket.members.length);
  if (!premadeBalanced(format.premade, sizes(sideA), sizes(sideB))) {
    fail(
      'premade',
      `party sizes ${sizes(sideA).join('+')} against ${sizes(sideB).join('+')} break the ${format.premade} policy`,
    );
  }
  if (caps.sideDifference !== null && sideDifference > caps.sideDifference) {
    fail('sideDifferenceCap', `side difference ${sideDifference} exceeds the cap ${caps.sideDifference}`);
  }
  const best = bestSplit(
    proposalTickets(proposal).map((ticket) => ({ size: ticket.members.length, score: ticket.score })),
    format.teamSize,
    format.premade,
  );
  if (best && best.sideDifference < sideDifference && differs(best.sideDifference, sideDifference)) {
    fail('splitNotOptimal', `side difference ${sideDifference} where a split with ${best.sideDifference} exists`);
  }
}

/** One side, every party fits, the player count, and no short room before the fill wait. */
function freeForAllViolations(
  format: Extract<Format, { kind: 'ffa' }>,
  proposal: MatchProposal,
  waits: number[],
  fail: Fail,
) {
  const tickets = proposalTickets(proposal);
  const count = tickets.reduce((n, ticket) => n + ticket.members.length, 0);
  if (proposal.sides.length !== 1) fail('sides', 'a free-for-all room has a single side');
  if (tickets.some((ticket) => ticket.members.length > format.maxPlayers)) {
    fail('partySize', `a party is larger than the room (${format.maxPlayers})`);
  }
  if (count < format.minPlayers || count > format.maxPlayers) {
    fail('playerCount', `${count} players, outside ${format.minPlayers}..${format.maxPlayers}`);
  }
  if (count < format.maxPlayers && Math.max(0, ...waits) < format.fillWaitSeconds) {
    fail(
      'fillWait',
      `started with ${count} of ${format.maxPlayers} players before the ${format.fillWaitSeconds} s fill wait`,
    );
  }
}

/** Whether the quality stored with the proposal is the one its tickets give. */
function recordedQualityHolds(proposal: MatchProposal, quality: ReturnType<typeof measureQuality>): boolean {
  const recorded = proposal.quality;
  const sameNullable = (a: number | null, b: number | null) => (a === null || b === null ? a === b : !differs(a, b));
  const ids = new Set(proposalTickets(proposal).map((ticket) => ticket.id));
  const waitsMatch =
    Object.keys(recorded.waitSeconds).length === ids.size &&
    Object.entries(quality.waitSeconds).every(([id, wait]) => sameNullable(recorded.waitSeconds[id] ?? null, wait));
  return !(
    differs(recorded.spread, quality.spread) ||
    !sameNullable(recorded.sideDifference, quality.sideDifference) ||
    !sameNullable(recorded.winProbabilityA, quality.winProbabilityA) ||
    !waitsMatch
  );
}
