import { MAX_PARTY_SIZE } from '../match/ticket.js';
import type { Mode } from './modes.js';

/**
 * The most players one ticket can hold in this mode: a side for team modes, the room for free-for-all, and
 * never more than the five the matcher's party arithmetic is built for (the largest team, 5v5).
 */
export function partyCapacity(mode: Mode): number {
  return Math.min(MAX_PARTY_SIZE, mode.format.kind === 'team' ? mode.format.teamSize : mode.format.maxPlayers);
}

/** A party may grow as large as the largest ticket any configured mode accepts. */
export function maxPartySize(modes: Record<string, Mode>): number {
  return Math.max(...Object.values(modes).map(partyCapacity));
}
