import { block, blockTarget, unblock } from '../core/fairplay/block.js';
import { idleState, type Player, type PlayerState } from '../core/player/player.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import { readTicketsAndRooms } from './presence.js';
import { playerRef, playerStateRef, ticketRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/** The private states of these players (whom they block and met), inside a transaction. */
export async function readStates(tx: Tx, uids: string[]): Promise<PlayerState[]> {
  const snaps = await tx.getAll(uids.map((id: string) => playerStateRef(tx, id)));
  return snaps.map((snap) => (snap.data() as PlayerState | undefined) ?? idleState(tx.ctx.clock.now()));
}

export async function blockList(ctx: LadderContext, uid: string) {
  return { blocked: (await playerStateRef(ctx, uid).get()).data()?.blocked ?? [] };
}

/**
 * Blocks a player: they are never put in one room with the caller again. A ticket the caller is queued with (each,
 * when queued for several modes) starts avoiding them at once, in the same transaction; a room already formed is
 * not touched.
 */
export function blockPlayer(ctx: LadderContext, uid: string, target: string) {
  return transaction(ctx, async (tx) => {
    const [stateSnap, targetSnap] = await tx.getAll([playerStateRef(ctx, uid), playerRef(ctx, target)]);
    const who = blockTarget(target, targetSnap!.data() as Player | undefined);
    const now = ctx.clock.now();
    const state = (stateSnap!.data() as PlayerState | undefined) ?? idleState(now);
    const { blocked } = block({ uid, blocked: state.blocked }, who, now);
    if (blocked === state.blocked) return { blocked };
    const { tickets, presence, siblingsOf } = await readTicketsAndRooms(tx, [state]);
    const current = presence(state);
    tx.set(playerStateRef(ctx, uid), { ...state, blocked, updatedAt: now });
    if (current.kind === 'queued') {
      // Waiting in several modes, every one of its tickets avoids them: any of their pools may seat it.
      const queueing = [tickets.get(current.ticketId) as TicketDoc, ...siblingsOf(current.ticketId)];
      for (const ticket of queueing) {
        if (ticket && !ticket.avoid.includes(target))
          tx.set(ticketRef(ctx, ticket.mode, ticket.id), { ...ticket, avoid: [...ticket.avoid, target] });
      }
    }
    return { blocked };
  });
}

/** Unblocks a player; a ticket already queued keeps avoiding them until it ends (the next one will not). */
export function unblockPlayer(ctx: LadderContext, uid: string, target: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const state = (await tx.get(playerStateRef(ctx, uid))).data() ?? idleState(now);
    const { blocked } = unblock({ uid, blocked: state.blocked }, target);
    if (blocked !== state.blocked) tx.set(playerStateRef(ctx, uid), { ...state, blocked, updatedAt: now });
    return { blocked };
  });
}
