import type { BotSeat, RatingChange, Room, TeamResult, VisibleRank } from './types.js';

export interface RoomPlayer {
  /** A human's uid; for a bot, `bot:` and its seat number. */
  uid: string;
  /** A bot the game plays (the mode seats bots after a long wait); it never reports and is never rated. */
  bot: boolean;
  name: string;
  /** The rating the player was matched on. */
  rating: number;
  /** Their visible rank when they queued (tier or placement). */
  rank: VisibleRank | null;
  partyId: string | null;
  /** Accepted the ready check (always true in rooms without one). */
  accepted: boolean;
  /** Set once the room is settled. */
  ratingChange: RatingChange | null;
  /** Joined the game in progress (a free-for-all with backfill); not counted in its ready check. */
  late: boolean;
}

export interface RoomSide {
  /** 'A' and 'B' in team rooms; null for the single side of a free-for-all room. */
  label: 'A' | 'B' | null;
  players: RoomPlayer[];
  averageRating: number;
  /** The predicted chance this side wins (ELO expectation); null in free-for-all. */
  winChance: number | null;
}

export interface RoomView {
  sides: RoomSide[];
  /** Index into `sides` of the viewer's side; null if the viewer is not in the room. */
  mySide: number | null;
  myWinChance: number | null;
  /**
   * Set when the viewer joined this game in progress: whether the game is rated for them (a mode setting, off by
   * default). Null when they were there from the start.
   */
  joinedLate: { rated: boolean } | null;
}

/** A room as a lobby shows it: both sides with names, ratings and win chances, from one player's point of view. */
export function describeRoom(room: Room, uid: string): RoomView {
  const accepted = new Set(room.readyCheck ? room.readyCheck.accepted : room.memberUids);
  const pA = room.quality.winProbabilityA;
  const sides = room.sides.map((side, index): RoomSide => {
    const players = side.tickets.flatMap((ticket) =>
      ticket.members.map((m) => ({
        uid: m.uid,
        name: room.names[m.uid] ?? m.uid,
        rating: m.rating,
        rank: room.ranks[m.uid] ?? null,
        partyId: ticket.partyId,
        accepted: accepted.has(m.uid),
        ratingChange: room.ratingChanges?.[m.uid] ?? null,
        bot: false,
        // Absent from rooms written before late joiners existed.
        late: room.late?.[m.uid] !== undefined,
      })),
    );
    for (const bot of room.bots.filter((b) => b.side === index)) players.push(botPlayer(bot));
    const averageRating = players.reduce((sum, p) => sum + p.rating, 0) / Math.max(1, players.length);
    const team = room.kind === 'team';
    return {
      label: team ? (index === 0 ? 'A' : 'B') : null,
      players,
      averageRating,
      winChance: team && pA !== null ? (index === 0 ? pA : 1 - pA) : null,
    };
  });
  const mySide = sideOf(room, uid);
  const joinedLate = room.late?.[uid] !== undefined ? { rated: room.backfill?.rated ?? false } : null;
  return { sides, mySide, myWinChance: mySide === null ? null : (sides[mySide]?.winChance ?? null), joinedLate };
}

const botPlayer = (bot: BotSeat): RoomPlayer => ({
  uid: `bot:${bot.seat}`,
  bot: true,
  name: bot.name,
  rating: bot.rating,
  rank: null,
  partyId: null,
  accepted: true,
  ratingChange: null,
  late: false,
});

/** The index of the player's side (0 = A, 1 = B in team rooms), or null. */
export function sideOf(room: Pick<Room, 'sides'>, uid: string): number | null {
  const index = room.sides.findIndex((side) => side.tickets.some((t) => t.members.some((m) => m.uid === uid)));
  return index < 0 ? null : index;
}

/** A team result from the reporting player's point of view: 'win' becomes their side's letter. */
export function teamResultFor(room: Room, uid: string, outcome: 'win' | 'loss' | 'draw'): TeamResult {
  if (room.kind !== 'team')
    throw new TypeError('teamResultFor: a free-for-all room reports placements, not an outcome');
  if (outcome === 'draw') return { outcome: 'draw' };
  const side = sideOf(room, uid);
  if (side === null) throw new TypeError(`teamResultFor: ${uid} is not a player in room ${room.id}`);
  const mine = side === 0 ? 'A' : 'B';
  return { outcome: outcome === 'win' ? mine : mine === 'A' ? 'B' : 'A' };
}

/**
 * How a settled room went for one player, as the server records it: in team rooms by the side that won; in
 * free-for-all a sole first place is a win, a shared first place a draw, anything else a loss.
 */
export function outcomeOf(room: Room, uid: string): 'win' | 'loss' | 'draw' | null {
  const result = room.result;
  if (!result) return null;
  if ('outcome' in result) {
    if (result.outcome === 'draw') return 'draw';
    const side = sideOf(room, uid);
    if (side === null) return null;
    return (result.outcome === 'A') === (side === 0) ? 'win' : 'loss';
  }
  const mine = result.placements[uid];
  if (mine === undefined) return null;
  const places = Object.values(result.placements);
  const best = Math.min(...places);
  if (mine !== best) return 'loss';
  return places.filter((p) => p === best).length === 1 ? 'win' : 'draw';
}
