import { randomInt, randomUUID } from 'node:crypto';
import { maxPartySize } from '../core/config.js';
import { fail } from '../core/errors.js';
import {
  addMember,
  generateJoinCode,
  isMember,
  newParty,
  removeMember,
  requireLeader,
  transferLeadership as handOver,
  withNewCode,
  type Party,
} from '../core/party.js';
import type { Presence } from '../core/presence.js';
import { endTicket } from '../core/queue.js';
import { config } from '../config.js';
import { playerStateRef } from './players.js';
import { readPlayersWithPresence } from './presence.js';
import { partyCodeRef, partyRef, ticketRef } from './refs.js';
import { transaction, type Tx } from './tx.js';

const describe = (p: Presence) =>
  p.kind === 'queued' ? `queued for ${p.mode}` : p.kind === 'inRoom' ? `in a live ${p.mode} room` : 'free';

/** A code no live party uses; an expired code may be reused. */
async function freshCode(tx: Tx, nowMs: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateJoinCode(randomInt);
    const existing = await tx.get(partyCodeRef(code));
    if (!existing.exists || existing.data()!.expiresAt <= nowMs) return code;
  }
  return fail('unavailable', 'Could not allocate a party code; please retry.');
}

async function readCallerParty(tx: Tx, uid: string, extraUids: string[] = []) {
  const partyId = (await tx.get(playerStateRef(uid))).data()?.partyId;
  if (!partyId) fail('failed-precondition', 'You are not in a party.');
  const snap = await tx.get(partyRef(partyId));
  if (!snap.exists) fail('not-found', 'Your party no longer exists.');
  const party = snap.data()!;
  // Everyone whose state may change, and the party's own ticket, in one more round of reads.
  const everyone = await readPlayersWithPresence(tx, [uid, ...party.memberUids, ...extraUids], [party]);
  const codeSnap = await tx.get(partyCodeRef(party.code));
  const codeIsOurs = codeSnap.exists && codeSnap.data()!.partyId === party.id;
  return { party, ...everyone, codeIsOurs };
}

type CallerParty = Awaited<ReturnType<typeof readCallerParty>>;

/**
 * Membership is frozen while the party is matched into a live room: the room's sides stay what was matched.
 * While it is only queued, a membership change first cancels the party's ticket (in the same transaction):
 * the ticket's members and score would otherwise no longer describe the party.
 */
function unfreeze(tx: Tx, ctx: CallerParty, reason: string, nowMs: number) {
  const presence = ctx.presence(ctx.party);
  if (presence.kind === 'inRoom') {
    fail('failed-precondition', 'Your party is in a live room; membership can change once the game is over.');
  }
  if (presence.kind === 'queued') {
    const ticket = ctx.tickets.get(presence.ticketId)!;
    tx.set(ticketRef(ticket.mode, ticket.id), endTicket(ticket, 'cancelled', reason, nowMs));
  }
}

function writeParty(tx: Tx, ctx: CallerParty, next: Party | null) {
  if (next) {
    tx.set(partyRef(next.id), next);
  } else {
    tx.delete(partyRef(ctx.party.id));
    if (ctx.codeIsOurs) tx.delete(partyCodeRef(ctx.party.code));
  }
}

export function createParty(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const { players, presenceOf } = await readPlayersWithPresence(tx, [uid]);
    const me = players.get(uid);
    if (me.state.partyId) fail('failed-precondition', 'You are already in a party; leave it first.');
    const presence = presenceOf(uid);
    if (presence.kind !== 'idle') fail('failed-precondition', `You are ${describe(presence)}; cancel or finish first.`);
    const code = await freshCode(tx, now);
    const leader = { uid, displayName: me.player.displayName, joinedAt: now };
    const party = newParty(randomUUID(), leader, code, maxPartySize(config), config.parties, now);
    tx.create(partyRef(party.id), party);
    tx.set(partyCodeRef(code), { partyId: party.id, expiresAt: party.codeExpiresAt });
    players.updateState(uid, { partyId: party.id });
    players.write();
    return party;
  });
}

export function joinParty(uid: string, code: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const codeSnap = await tx.get(partyCodeRef(code));
    if (!codeSnap.exists)
      fail('not-found', `No party has the code ${code}; check it, or ask the leader for a new one.`);
    if (codeSnap.data()!.expiresAt <= now)
      fail('failed-precondition', `The code ${code} has expired; ask the leader for a new one.`);
    const partySnap = await tx.get(partyRef(codeSnap.data()!.partyId));
    if (!partySnap.exists) fail('not-found', `The party with the code ${code} has been disbanded.`);
    const party = partySnap.data()!;
    const { players, presence, presenceOf } = await readPlayersWithPresence(tx, [uid], [party]);
    const me = players.get(uid);
    if (me.state.partyId === party.id) fail('failed-precondition', 'You are already in this party.');
    if (me.state.partyId) fail('failed-precondition', 'You are already in another party; leave it first.');
    const mine = presenceOf(uid);
    if (mine.kind !== 'idle') fail('failed-precondition', `You are ${describe(mine)}; cancel or finish first.`);
    const theirs = presence(party);
    if (theirs.kind !== 'idle')
      fail('failed-precondition', `The party is ${describe(theirs)}; join once it is back in the lobby.`);
    const next = addMember(party, { uid, displayName: me.player.displayName, joinedAt: now }, now);
    tx.set(partyRef(party.id), next);
    players.updateState(uid, { partyId: party.id });
    players.write();
    return next;
  });
}

/** Takes a member out (cancelling the party's ticket if it is queued) and frees their state; returns the party left. */
function dropMember(tx: Tx, ctx: CallerParty, member: string, reason: string, now: number) {
  unfreeze(tx, ctx, reason, now);
  const next = removeMember(ctx.party, member, now);
  writeParty(tx, ctx, next);
  ctx.players.updateState(member, { partyId: null });
  ctx.players.write();
  return next;
}

export function leaveParty(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid);
    return { party: dropMember(tx, ctx, uid, `party member ${uid} left the party`, now) };
  });
}

export function kickMember(uid: string, target: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid, [target]);
    requireLeader(ctx.party, uid, 'remove members');
    if (target === uid) fail('invalid-argument', 'To leave your own party, call leaveParty.');
    if (!isMember(ctx.party, target)) fail('not-found', 'That player is not in your party.');
    const party = dropMember(tx, ctx, target, `party member ${target} was removed by the leader`, now);
    return { party: party! }; // the leader stays, so a kick never empties the party
  });
}

export function transferLeadership(uid: string, to: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid);
    requireLeader(ctx.party, uid, 'hand over leadership');
    if (to === uid) fail('invalid-argument', 'You already lead this party.');
    const next = handOver(ctx.party, to, now);
    tx.set(partyRef(next.id), next);
    return { party: next };
  });
}

export function disbandParty(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid);
    requireLeader(ctx.party, uid, 'disband the party');
    unfreeze(tx, ctx, `the party was disbanded by ${uid}`, now);
    writeParty(tx, ctx, null);
    for (const member of ctx.party.memberUids) ctx.players.updateState(member, { partyId: null });
    ctx.players.write();
    return { party: null };
  });
}

export function refreshPartyCode(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid);
    requireLeader(ctx.party, uid, 'issue a new join code');
    const code = await freshCode(tx, now);
    const next = withNewCode(ctx.party, code, config.parties, now);
    if (ctx.codeIsOurs && code !== ctx.party.code) tx.delete(partyCodeRef(ctx.party.code));
    tx.set(partyCodeRef(code), { partyId: next.id, expiresAt: next.codeExpiresAt });
    tx.set(partyRef(next.id), next);
    return next;
  });
}
