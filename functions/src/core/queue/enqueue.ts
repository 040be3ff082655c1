import { partyCapacity } from '../mode/partyCapacity.js';
import { fail } from '../errors.js';
import { candidateScoreRange, candidatesWanted } from '../match/index.js';
import type { Pool } from '../mode/pool.js';
import { requireLeader, type Party } from '../player/party.js';
import { humanDuration } from '../fairplay/dodging.js';
import type { Presence } from './presence.js';

/**
 * A player about to be queued: who they are, where they are, and any cooldown they are serving with the
 * dodges that earned it.
 */
export interface Queuer {
  uid: string;
  displayName: string;
  presence: Presence;
  cooldownUntil: number | null;
  dodges: number;
}

const dodged = (n: number) => (n === 1 ? 'a ready check' : `${n} ready checks recently`);

/**
 * Refuses a queue request that cannot stand: a party member who is not its leader, a party too large for the
 * mode's tickets, or anyone (the caller or a member) already queued, in a live room or cooling down after a
 * missed ready check. Each refusal names who is in the way, as the player sees it.
 */
export function assertCanQueue(
  pool: Pool,
  callerUid: string,
  party: Party | null,
  members: readonly Queuer[],
  nowMs: number,
) {
  if (party) requireLeader(party, callerUid, 'queue the party');
  const capacity = partyCapacity(pool.mode);
  if (members.length > capacity) {
    fail(
      'failed-precondition',
      `A party of ${members.length} cannot queue for ${pool.id}: at most ${capacity} players per ticket.`,
    );
  }
  for (const { uid, displayName, presence, cooldownUntil, dodges } of members) {
    const who = uid === callerUid ? 'You are' : `${displayName} is`;
    if (presence.kind === 'queued') fail('failed-precondition', `${who} already queued for ${presence.mode}.`);
    if (presence.kind === 'inRoom') fail('failed-precondition', `${who} in a live ${presence.mode} room.`);
    if (cooldownUntil && cooldownUntil > nowMs) {
      fail(
        'failed-precondition',
        `${who} cooling down for declining or missing ${dodged(Math.max(dodges, 1))}: ` +
          `${humanDuration((cooldownUntil - nowMs) / 1000)} left. Each dodge lengthens the next cooldown.`,
        { cooldownUntil, reason: 'dodging', dodges },
      );
    }
  }
}

/** What to read around a new ticket for matching it at once: the nearest tickets in score, from both directions. */
export interface CandidatePlan {
  /** Scores a match with the ticket can reach. */
  range: { min: number; max: number };
  /** Tickets to read above and below the ticket's score. */
  perDirection: number;
  /** Candidates wanted in all (`candidatesWanted`). */
  wanted: number;
}

export function candidatePlan(pool: Pool, ticket: { score: number; members: readonly unknown[] }): CandidatePlan {
  const wanted = candidatesWanted(pool.mode, ticket.members.length);
  return { range: candidateScoreRange(pool.mode, ticket), perDirection: Math.ceil(wanted / 2), wanted };
}

/**
 * When one direction ran short (say everyone is still at the initial rating), the other makes up the
 * difference: which one to read further, or null when both ran short or neither did.
 */
export function topUpDirection(plan: CandidatePlan, aboveRead: number, belowRead: number): 'up' | 'down' | null {
  const aboveRanDry = aboveRead < plan.perDirection;
  const belowRanDry = belowRead < plan.perDirection;
  return aboveRanDry && !belowRanDry ? 'down' : belowRanDry && !aboveRanDry ? 'up' : null;
}
