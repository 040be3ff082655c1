import { block, emptyBlockList, unblock, type BlockList } from '../core/block.js';
import { fail } from '../core/errors.js';
import type { Player } from '../core/player.js';
import type { TicketDoc } from '../core/ticket.js';
import { readPresence } from './presence.js';
import { blockListRef, playerRef, ticketRef } from './refs.js';
import { transaction, type Tx } from './tx.js';

/** The block lists of these players, inside a transaction (players who never blocked anyone have none). */
export async function readBlockLists(tx: Tx, uids: string[]): Promise<BlockList[]> {
  const snaps = await tx.getAll(uids.map(blockListRef));
  return snaps.flatMap((snap) => (snap.exists ? [snap.data() as BlockList] : []));
}

/** The caller's block list as the SDK shows it. */
const shown = (list: BlockList) => ({ blocked: list.blocked });

export async function blockList(uid: string) {
  const snap = await blockListRef(uid).get();
  return shown(snap.data() ?? emptyBlockList(uid, Date.now()));
}

/**
 * Blocks a player: they are never put in one room with the caller again. A ticket the caller is queued with
 * starts avoiding them at once, in the same transaction; a room already formed is not touched.
 */
export function blockPlayer(uid: string, target: string) {
  return transaction(async (tx) => {
    const [listSnap, targetSnap] = await tx.getAll([blockListRef(uid), playerRef(target)]);
    const player = targetSnap!.data() as Player | undefined;
    if (!player) fail('not-found', `uid: there is no player ${target}.`);
    const now = Date.now();
    const before = (listSnap!.data() as BlockList | undefined) ?? emptyBlockList(uid, now);
    const list = block(before, { uid: target, displayName: player.displayName }, now);
    const { presence, tickets } = await readPresence(tx, uid);
    if (list === before) return shown(list);
    tx.set(blockListRef(uid), list);
    if (presence.kind === 'queued') {
      const ticket = tickets.get(presence.ticketId) as TicketDoc;
      if (!ticket.avoid.includes(target))
        tx.set(ticketRef(ticket.mode, ticket.id), { ...ticket, avoid: [...ticket.avoid, target] });
    }
    return shown(list);
  });
}

/** Unblocks a player; a ticket already queued keeps avoiding them until it ends (the next one will not). */
export function unblockPlayer(uid: string, target: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const before = (await tx.get(blockListRef(uid))).data() ?? emptyBlockList(uid, now);
    const list = unblock(before, target, now);
    if (list !== before) tx.set(blockListRef(uid), list);
    return shown(list);
  });
}
