import { z } from 'zod';
import { poolIdSchema } from '../mode/pool.js';
import { fail } from '../errors.js';
import type { Presence } from '../queue/presence.js';

export const partiesConfigSchema = z.strictObject({
  /** How long a join code works; the leader can ask for a fresh one at any time. */
  codeTtlSeconds: z.number().int().min(30).default(600),
});
export type PartiesConfig = z.infer<typeof partiesConfigSchema>;

/** No 0/O, 1/I/L: a code read aloud or typed on a phone keyboard has one reading. */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const JOIN_CODE_LENGTH = 6;

/** Accepts what a player might type (`abc-d23`, ` ABCD 23 `) and yields the canonical code. */
export const joinCodeSchema = z
  .string()
  .max(32)
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
  .refine(
    (s) => s.length === JOIN_CODE_LENGTH && [...s].every((c) => JOIN_CODE_ALPHABET.includes(c)),
    `must be a ${JOIN_CODE_LENGTH}-character party code`,
  );

/** `randomIndex(n)` returns an integer in [0, n); the shell passes a cryptographic source. */
export function generateJoinCode(randomIndex: (n: number) => number): string {
  return Array.from(
    { length: JOIN_CODE_LENGTH },
    () => JOIN_CODE_ALPHABET[randomIndex(JOIN_CODE_ALPHABET.length)],
  ).join('');
}

export const partyMemberSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  joinedAt: z.number().int(),
});
export type PartyMember = z.infer<typeof partyMemberSchema>;

/**
 * `parties/{id}`. `members` is in join order (leadership passes down it); `memberUids` mirrors it for the
 * security rule that lets members, and only members, read the party.
 */
export const partySchema = z.object({
  id: z.string(),
  leader: z.string(),
  members: z.array(partyMemberSchema).min(1),
  memberUids: z.array(z.string()).min(1),
  maxSize: z.number().int().min(1),
  code: z.string(),
  codeExpiresAt: z.number().int(),
  /** The party's latest ticket; membership is frozen while it is queued or its room is live. */
  mode: poolIdSchema.nullable(),
  ticketId: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Party = z.infer<typeof partySchema>;

/** `partyCodes/{code}`: the only way from a join code to a party; no client can read it. */
export const partyCodeSchema = z.object({ partyId: z.string(), expiresAt: z.number().int() });
export type PartyCode = z.infer<typeof partyCodeSchema>;

export function newParty(
  id: string,
  leader: PartyMember,
  code: string,
  maxSize: number,
  config: PartiesConfig,
  nowMs: number,
): Party {
  return {
    id,
    leader: leader.uid,
    members: [leader],
    memberUids: [leader.uid],
    maxSize,
    code,
    codeExpiresAt: nowMs + config.codeTtlSeconds * 1000,
    mode: null,
    ticketId: null,
    createdAt: nowMs,
    updatedAt: nowMs,
  };
}

function withMembers(party: Party, members: PartyMember[], leader: string, nowMs: number): Party {
  return { ...party, members, memberUids: members.map((m) => m.uid), leader, updatedAt: nowMs };
}

export function isMember(party: Party, uid: string): boolean {
  return party.memberUids.includes(uid);
}

export function requireLeader(party: Party, uid: string, action: string): void {
  if (party.leader !== uid) fail('permission-denied', `Only the party leader can ${action}.`);
}

export function addMember(party: Party, member: PartyMember, nowMs: number): Party {
  if (isMember(party, member.uid)) fail('failed-precondition', 'You are already in this party.');
  if (party.members.length >= party.maxSize) {
    fail('failed-precondition', `The party is full (${party.members.length}/${party.maxSize}).`);
  }
  return withMembers(party, [...party.members, member], party.leader, nowMs);
}

/**
 * The party without `uid`, or null when nobody is left. A departing leader hands over to the member who has
 * been in the party longest.
 */
export function removeMember(party: Party, uid: string, nowMs: number): Party | null {
  const members = party.members.filter((m) => m.uid !== uid);
  if (members.length === 0) return null;
  const leader = party.leader === uid ? members[0]!.uid : party.leader;
  return withMembers(party, members, leader, nowMs);
}

/** The leader hands over to another member. */
export function transferLeadership(party: Party, by: string, to: string, nowMs: number): Party {
  requireLeader(party, by, 'hand over leadership');
  if (to === by) fail('invalid-argument', 'You already lead this party.');
  if (!isMember(party, to)) fail('not-found', 'That player is not in your party.');
  return { ...party, leader: to, updatedAt: nowMs };
}

/** The leader removes another member; the party keeps at least its leader. */
export function kickMember(party: Party, by: string, target: string, nowMs: number): Party {
  requireLeader(party, by, 'remove members');
  if (target === by) fail('invalid-argument', 'To leave your own party, call leaveParty.');
  if (!isMember(party, target)) fail('not-found', 'That player is not in your party.');
  return removeMember(party, target, nowMs)!;
}

export function withNewCode(party: Party, code: string, config: PartiesConfig, nowMs: number): Party {
  return { ...party, code, codeExpiresAt: nowMs + config.codeTtlSeconds * 1000, updatedAt: nowMs };
}

/** Join codes drawn before giving up; a clash with a live party's code is already rare at the first. */
const JOIN_CODE_ATTEMPTS = 5;

/** A code no live party uses (an expired one may be reused), looked up with `existing`. */
export async function freeJoinCode(
  randomIndex: (n: number) => number,
  existing: (code: string) => Promise<PartyCode | undefined>,
  nowMs: number,
): Promise<string> {
  for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS; attempt++) {
    const code = generateJoinCode(randomIndex);
    const taken = await existing(code);
    if (!taken || taken.expiresAt <= nowMs) return code;
  }
  return fail('unavailable', 'Could not allocate a party code; please retry.');
}

/** Where a player is, in the words of a refusal. */
export const describePresence = (p: Presence) =>
  p.kind === 'queued' ? `queued for ${p.mode}` : p.kind === 'inRoom' ? `in a live ${p.mode} room` : 'free';

/** A player about to create or join a party: their current party, if any, and where they are. */
export interface Joiner {
  uid: string;
  displayName: string;
  partyId: string | null;
  presence: Presence;
}

export function assertCanCreateParty(joiner: Joiner): void {
  if (joiner.partyId) fail('failed-precondition', 'You are already in a party; leave it first.');
  if (joiner.presence.kind !== 'idle') {
    fail('failed-precondition', `You are ${describePresence(joiner.presence)}; cancel or finish first.`);
  }
}

/** The party a join code leads to, or the refusal for a code that is unknown or expired. */
export function partyIdForCode(code: string, entry: PartyCode | undefined, nowMs: number): string {
  if (!entry) fail('not-found', `No party has the code ${code}; check it, or ask the leader for a new one.`);
  if (entry.expiresAt <= nowMs)
    fail('failed-precondition', `The code ${code} has expired; ask the leader for a new one.`);
  return entry.partyId;
}

/**
 * The party with the joiner added: they must be free and in no party, the party must exist, be in the lobby
 * (not queued, not playing) and have room.
 */
export function joinParty(
  code: string,
  party: Party | undefined,
  partyPresence: Presence,
  joiner: Joiner,
  nowMs: number,
): Party {
  if (!party) fail('not-found', `The party with the code ${code} has been disbanded.`);
  if (joiner.partyId === party.id) fail('failed-precondition', 'You are already in this party.');
  if (joiner.partyId) fail('failed-precondition', 'You are already in another party; leave it first.');
  if (joiner.presence.kind !== 'idle') {
    fail('failed-precondition', `You are ${describePresence(joiner.presence)}; cancel or finish first.`);
  }
  if (partyPresence.kind !== 'idle') {
    fail('failed-precondition', `The party is ${describePresence(partyPresence)}; join once it is back in the lobby.`);
  }
  return addMember(party, { uid: joiner.uid, displayName: joiner.displayName, joinedAt: nowMs }, nowMs);
}

/** The caller's party id from their state, or the refusal for a caller in no party. */
export function callerPartyId(state: { partyId: string | null } | undefined): string {
  if (!state?.partyId) fail('failed-precondition', 'You are not in a party.');
  return state.partyId;
}

export function requireParty(party: Party | undefined): Party {
  if (!party) fail('not-found', 'Your party no longer exists.');
  return party;
}

/**
 * Membership is frozen while the party is matched into a live room: the room's sides stay what was matched.
 * While it is only queued, a membership change first cancels the party's ticket (in the same transaction):
 * the ticket's members and score would otherwise no longer describe the party. Returns that ticket's id.
 */
export function ticketToCancelBeforeChange(partyPresence: Presence): string | null {
  if (partyPresence.kind === 'inRoom') {
    fail('failed-precondition', 'Your party is in a live room; membership can change once the game is over.');
  }
  return partyPresence.kind === 'queued' ? partyPresence.ticketId : null;
}
