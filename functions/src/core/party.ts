import { z } from 'zod';
import { fail } from './errors.js';

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
  mode: z.string().nullable(),
  ticketId: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Party = z.infer<typeof partySchema>;

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

export function transferLeadership(party: Party, to: string, nowMs: number): Party {
  if (!isMember(party, to)) fail('not-found', 'That player is not in your party.');
  return { ...party, leader: to, updatedAt: nowMs };
}

export function withNewCode(party: Party, code: string, config: PartiesConfig, nowMs: number): Party {
  return { ...party, code, codeExpiresAt: nowMs + config.codeTtlSeconds * 1000, updatedAt: nowMs };
}
