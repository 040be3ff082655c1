import { matchingScore, type Ticket } from '../functions/src/core/match/ticket.js';
import { advancedConfigSchema } from '../functions/src/core/config.js';
import type { Random } from '../tools/random.js';

/** The default party bonus: the benchmark's pools are scored as a deployment with the default configuration would. */
export const PARTY_BONUS = advancedConfigSchema.parse({}).partyBonusPerMember;

/** Share of tickets by party size 1..5, as the issue asks: 60/20/10/5/5 %. */
export const PARTY_MIX = [0.6, 0.2, 0.1, 0.05, 0.05] as const;
/** Everyone queues alone, for modes parties cannot play. */
export const SOLO_MIX = [1] as const;

export interface PoolSpec {
  players: number;
  mix: readonly number[];
  /** Queued tickets have waited uniformly between 0 and this many seconds. */
  maxAgeSeconds: number;
  nowMs: number;
}

/** Seed 004's population: party sizes uniform 1..5. */
export const UNIFORM_MIX = [1, 1, 1, 1, 1] as const;

/** How a member's rating is drawn. */
export type RatingDraw = (random: Random) => number;
export const normalRating: RatingDraw = (random) => Math.max(0, Math.round(random.normal(1500, 300)));
/** Seed 004's ratings: uniform over 0..3000. */
export const uniformRating: RatingDraw = (random) => Math.floor(random.next() * 3001);

/** Creates tickets with ratings drawn by `rating` (N(1500, 300) by default); `serial` keeps ids unique across calls. */
export class TicketFactory {
  private serial = 0;

  constructor(
    private readonly random: Random,
    private readonly rating: RatingDraw = normalRating,
  ) {}

  ticket(size: number, enqueuedAt: number): Ticket {
    const id = `t${this.serial++}`;
    const members = Array.from({ length: size }, (_, i) => ({
      uid: `${id}.${i}`,
      rating: this.rating(this.random),
    }));
    return {
      id,
      members,
      score: matchingScore(
        members.map((member) => member.rating),
        PARTY_BONUS,
      ),
      enqueuedAt,
    };
  }

  /** A party size drawn from `mix`. */
  size(mix: readonly number[]): number {
    return this.random.pick(mix) + 1;
  }

  /** A queued pool of exactly `players` players (the last party is trimmed to fit). */
  pool(spec: PoolSpec): Ticket[] {
    const tickets: Ticket[] = [];
    for (let queued = 0; queued < spec.players; ) {
      const size = Math.min(this.size(spec.mix), spec.players - queued);
      const age = Math.floor(this.random.next() * spec.maxAgeSeconds * 1000);
      tickets.push(this.ticket(size, spec.nowMs - age));
      queued += size;
    }
    return tickets;
  }
}
