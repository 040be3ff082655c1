import { randomInt, randomUUID } from 'node:crypto';
import { maxPartySize } from '../core/config.js';
import {
  assertCanCreateParty,
  callerPartyId,
  freeJoinCode,
  joinParty as joined,
  kickMember as kicked,
  newParty,
  partyIdForCode,
  removeMember,
  requireLeader,
  requireParty,
  ticketToCancelBeforeChange,
  transferLeadership as handedOver,
  withNewCode,
  type Party,
} from '../core/player/party.js';
import { assertNotBanned } from '../core/ops/ban.js';
import { endTicket } from '../core/queue/ticket.js';
import { config } from '../config.js';
import { readPlayersWithPresence } from './presence.js';
import { partyCodeRef, partyRef, playerStateRef, ticketRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';

// Every party call answers with the party as it now is: `{ party }`, null once it is disbanded.

const freshCode = (tx: Tx, nowMs: number) =>
  freeJoinCode(randomInt, async (code) => (await tx.get(partyCodeRef(code))).data(), nowMs);

async function readCallerParty(tx: Tx, uid: string, extraUids: string[] = []) {
  const partyId = callerPartyId((await tx.get(playerStateRef(uid))).data());
  const party = requireParty((await tx.get(partyRef(partyId))).data());
  // Everyone whose state may change, and the party's own ticket, in one more round of reads.
  const everyone = await readPlayersWithPresence(tx, [uid, ...party.memberUids, ...extraUids], [party], {
    caller: uid,
  });
  const codeIsOurs = (await tx.get(partyCodeRef(party.code))).data()?.partyId === party.id;
  return { party, ...everyone, codeIsOurs };
}

type CallerParty = Awaited<ReturnType<typeof readCallerParty>>;

/** Cancels the party's ticket if it is queued, or refuses if the party is in a live room (see core). */
function unfreeze(tx: Tx, ctx: CallerParty, reason: string, nowMs: number) {
  const ticketId = ticketToCancelBeforeChange(ctx.presence(ctx.party));
  if (!ticketId) return;
  const ticket = ctx.tickets.get(ticketId)!;
  tx.set(ticketRef(ticket.mode, ticket.id), endTicket(ticket, 'cancelled', reason, nowMs));
}

function writeParty(tx: Tx, ctx: CallerParty, next: Party | null) {
  if (next) {
    tx.set(partyRef(next.id), next);
  } else {
    tx.delete(partyRef(ctx.party.id));
    if (ctx.codeIsOurs) tx.delete(partyCodeRef(ctx.party.code));
  }
}

/** Writes the party without `member` (cancelling its ticket if it is queued) and frees their state. */
function dropMember<P extends Party | null>(
  tx: Tx,
  ctx: CallerParty,
  member: string,
  next: P,
  reason: string,
  nowMs: number,
) {
  unfreeze(tx, ctx, reason, nowMs);
  writeParty(tx, ctx, next);
  ctx.players.updateState(member, { partyId: null });
  ctx.players.write();
  return { party: next };
}

export function createParty(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const { players, presenceOf } = await readPlayersWithPresence(tx, [uid], [], { caller: uid });
    const me = players.get(uid);
    assertNotBanned(me.state.ban, 'create a party', now);
    assertCanCreateParty({
      uid,
      displayName: me.player.displayName,
      partyId: me.state.partyId,
      presence: presenceOf(uid),
    });
    const code = await freshCode(tx, now);
    const leader = { uid, displayName: me.player.displayName, joinedAt: now };
    const party = newParty(randomUUID(), leader, code, maxPartySize(config), config.parties, now);
    tx.create(partyRef(party.id), party);
    tx.set(partyCodeRef(code), { partyId: party.id, expiresAt: party.codeExpiresAt });
    players.updateState(uid, { partyId: party.id });
    players.write();
    return { party };
  });
}

export function joinParty(uid: string, code: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const partyId = partyIdForCode(code, (await tx.get(partyCodeRef(code))).data(), now);
    const party = (await tx.get(partyRef(partyId))).data();
    const { players, presence, presenceOf } = await readPlayersWithPresence(tx, [uid], party ? [party] : [], {
      caller: uid,
    });
    const me = players.get(uid);
    assertNotBanned(me.state.ban, 'join a party', now);
    const joiner = { uid, displayName: me.player.displayName, partyId: me.state.partyId, presence: presenceOf(uid) };
    const next = joined(code, party, party ? presence(party) : { kind: 'idle' }, joiner, now);
    tx.set(partyRef(next.id), next);
    players.updateState(uid, { partyId: next.id });
    players.write();
    return { party: next };
  });
}

export function leaveParty(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid);
    return dropMember(tx, ctx, uid, removeMember(ctx.party, uid, now), `party member ${uid} left the party`, now);
  });
}

export function kickMember(uid: string, target: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ctx = await readCallerParty(tx, uid, [target]);
    const next = kicked(ctx.party, uid, target, now);
    return dropMember(tx, ctx, target, next, `party member ${target} was removed by the leader`, now);
  });
}

export function transferLeadership(uid: string, to: string) {
  return transaction(async (tx) => {
    const ctx = await readCallerParty(tx, uid);
    const next = handedOver(ctx.party, uid, to, Date.now());
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
    return { party: next };
  });
}
