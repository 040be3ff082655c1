import { randomInt, randomUUID } from 'node:crypto';
import { endQueueing } from './siblings.js';
import { maxPartySize } from '../core/mode/partyCapacity.js';
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
import { readPlayersWithPresence } from './presence.js';
import { partyCodeRef, partyRef, playerStateRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

// Every party call answers with the party as it now is: `{ party }`, null once it is disbanded.

const freshCode = (tx: Tx, nowMs: number) =>
  freeJoinCode(randomInt, async (code) => (await tx.get(partyCodeRef(tx, code))).data(), nowMs);

async function readCallerParty(tx: Tx, uid: string, extraUids: string[] = []) {
  const partyId = callerPartyId((await tx.get(playerStateRef(tx, uid))).data());
  const party = requireParty((await tx.get(partyRef(tx, partyId))).data());
  // Everyone whose state may change, and the party's own ticket, in one more round of reads.
  const everyone = await readPlayersWithPresence(tx, [uid, ...party.memberUids, ...extraUids], [party], {
    caller: uid,
  });
  const codeIsOurs = (await tx.get(partyCodeRef(tx, party.code))).data()?.partyId === party.id;
  return { party, ...everyone, codeIsOurs };
}

type CallerParty = Awaited<ReturnType<typeof readCallerParty>>;

/** Cancels the party's ticket if it is queued, or refuses if the party is in a live room (see core). */
function unfreeze(tx: Tx, held: CallerParty, reason: string, nowMs: number) {
  const ticketId = ticketToCancelBeforeChange(held.presence(held.party));
  if (!ticketId) return;
  const ticket = held.tickets.get(ticketId)!;
  endQueueing(tx, ticket, held.siblingsOf(ticket.id), 'cancelled', reason, nowMs);
}

function writeParty(tx: Tx, held: CallerParty, next: Party | null) {
  if (next) {
    tx.set(partyRef(tx, next.id), next);
  } else {
    tx.delete(partyRef(tx, held.party.id));
    if (held.codeIsOurs) tx.delete(partyCodeRef(tx, held.party.code));
  }
}

/** Writes the party without `member` (cancelling its ticket if it is queued) and frees their state. */
function dropMember<P extends Party | null>(
  tx: Tx,
  held: CallerParty,
  member: string,
  next: P,
  reason: string,
  nowMs: number,
) {
  unfreeze(tx, held, reason, nowMs);
  writeParty(tx, held, next);
  held.players.updateState(member, { partyId: null });
  held.players.write();
  return { party: next };
}

export function createParty(ctx: LadderContext, uid: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
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
    const party = newParty(randomUUID(), leader, code, maxPartySize(ctx.config.modes), ctx.config.parties, now);
    tx.create(partyRef(ctx, party.id), party);
    tx.set(partyCodeRef(ctx, code), { partyId: party.id, expiresAt: party.codeExpiresAt });
    players.updateState(uid, { partyId: party.id });
    players.write();
    return { party };
  });
}

export function joinParty(ctx: LadderContext, uid: string, code: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const partyId = partyIdForCode(code, (await tx.get(partyCodeRef(ctx, code))).data(), now);
    const party = (await tx.get(partyRef(ctx, partyId))).data();
    const { players, presence, presenceOf } = await readPlayersWithPresence(tx, [uid], party ? [party] : [], {
      caller: uid,
    });
    const me = players.get(uid);
    assertNotBanned(me.state.ban, 'join a party', now);
    const joiner = { uid, displayName: me.player.displayName, partyId: me.state.partyId, presence: presenceOf(uid) };
    const next = joined(code, party, party ? presence(party) : { kind: 'idle' }, joiner, now);
    tx.set(partyRef(ctx, next.id), next);
    players.updateState(uid, { partyId: next.id });
    players.write();
    return { party: next };
  });
}

export function leaveParty(ctx: LadderContext, uid: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const held = await readCallerParty(tx, uid);
    return dropMember(tx, held, uid, removeMember(held.party, uid, now), `party member ${uid} left the party`, now);
  });
}

export function kickMember(ctx: LadderContext, uid: string, target: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const held = await readCallerParty(tx, uid, [target]);
    const next = kicked(held.party, uid, target, now);
    return dropMember(tx, held, target, next, `party member ${target} was removed by the leader`, now);
  });
}

export function transferLeadership(ctx: LadderContext, uid: string, to: string) {
  return transaction(ctx, async (tx) => {
    const held = await readCallerParty(tx, uid);
    const next = handedOver(held.party, uid, to, ctx.clock.now());
    tx.set(partyRef(ctx, next.id), next);
    return { party: next };
  });
}

export function disbandParty(ctx: LadderContext, uid: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const held = await readCallerParty(tx, uid);
    requireLeader(held.party, uid, 'disband the party');
    unfreeze(tx, held, `the party was disbanded by ${uid}`, now);
    writeParty(tx, held, null);
    for (const member of held.party.memberUids) held.players.updateState(member, { partyId: null });
    held.players.write();
    return { party: null };
  });
}

export function refreshPartyCode(ctx: LadderContext, uid: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const held = await readCallerParty(tx, uid);
    requireLeader(held.party, uid, 'issue a new join code');
    const code = await freshCode(tx, now);
    const next = withNewCode(held.party, code, ctx.config.parties, now);
    if (held.codeIsOurs && code !== held.party.code) tx.delete(partyCodeRef(ctx, held.party.code));
    tx.set(partyCodeRef(ctx, code), { partyId: next.id, expiresAt: next.codeExpiresAt });
    tx.set(partyRef(ctx, next.id), next);
    return { party: next };
  });
}
