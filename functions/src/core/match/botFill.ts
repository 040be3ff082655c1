import type { BotSeat, Bots } from '../mode/bots.js';
import type { Mode } from '../mode/modes.js';
import { expectedScore } from '../rating/duel.js';
import type { MatchQuality } from './proposal.js';
import type { UnmatchedReason } from './reasons.js';
import { waitSeconds, type Ticket } from './ticket.js';

/**
 * A room the matcher proposes for one long-waiting ticket and bots: the ticket's members play on side A (the
 * only side in free-for-all), bots take every other seat. `sides` holds the humans only, so side B of a team
 * room is empty of tickets and all bots.
 */
export interface BotRoomProposal {
  proposedAt: number;
  sides: Ticket[][];
  bots: BotSeat[];
  quality: MatchQuality;
}

/**
 * The bot rooms of one sweep: every ticket of the pool that has waited at least `bots.afterSeconds` and that the
 * sweep's human matching left unmatched (`matched` holds the ids of the tickets its proposals took) gets a room of
 * its own with bots in the missing seats. Bots come after humans and never instead of them: a ticket left waiting
 * for a free-for-all's fill (a human room is within reach) gets none, nor does a party the mode cannot seat.
 */
export function botFill(
  mode: Mode,
  tickets: readonly Ticket[],
  matched: ReadonlySet<string>,
  reasonOf: ReadonlyMap<string, UnmatchedReason>,
  nowMs: number,
): BotRoomProposal[] {
  const bots = mode.bots;
  if (!bots) return [];
  return tickets.flatMap((ticket) => {
    if (matched.has(ticket.id) || reasonOf.get(ticket.id) === 'waitingForFill') return [];
    if (waitSeconds(ticket, nowMs) < bots.afterSeconds) return [];
    const seats = botSeats(mode, bots, ticket);
    return seats ? [botRoom(ticket, seats, mode.format.kind === 'team', nowMs)] : [];
  });
}

/**
 * The bots a ticket's room needs: a team room fills the ticket's side and the whole other side; a free-for-all
 * room fills up to the mode's minimum players (one bot at least). Null when the mode cannot seat the ticket.
 */
export function botSeats(mode: Mode, bots: Pick<Bots, 'rating'>, ticket: Pick<Ticket, 'members'>): BotSeat[] | null {
  const size = ticket.members.length;
  const rating =
    bots.rating === 'mirror' ? Math.round(ticket.members.reduce((sum, m) => sum + m.rating, 0) / size) : bots.rating;
  const perSide: number[] = [];
  if (mode.format.kind === 'team') {
    if (size > mode.format.teamSize) return null;
    perSide.push(mode.format.teamSize - size, mode.format.teamSize);
  } else {
    if (size >= mode.format.maxPlayers) return null;
    perSide.push(Math.max(mode.format.minPlayers, size + 1) - size);
  }
  const seats: BotSeat[] = [];
  perSide.forEach((count, side) => {
    for (let i = 0; i < count; i++) {
      const seat = seats.length + 1;
      seats.push({ seat, side, rating, name: `Bot ${seat}` });
    }
  });
  return seats;
}

/** The proposal and its quality figures, the bots counted at their ratings beside the ticket's matching score. */
function botRoom(ticket: Ticket, bots: BotSeat[], team: boolean, nowMs: number): BotRoomProposal {
  const size = ticket.members.length;
  const scores = [ticket.score, ...bots.map((b) => b.rating)];
  const average = (side: number) => {
    const seated = bots.filter((b) => b.side === side);
    const humans = side === 0 ? size : 0;
    return (humans * ticket.score + seated.reduce((sum, b) => sum + b.rating, 0)) / (humans + seated.length);
  };
  const [a, b] = team ? [average(0), average(1)] : [0, 0];
  return {
    proposedAt: nowMs,
    sides: team ? [[ticket], []] : [[ticket]],
    bots,
    quality: {
      spread: Math.max(...scores) - Math.min(...scores),
      sideDifference: team ? Math.abs(a - b) : null,
      winProbabilityA: team ? expectedScore(a, b) : null,
      waitSeconds: { [ticket.id]: waitSeconds(ticket, nowMs) },
    },
  };
}
