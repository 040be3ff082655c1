import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { defaultDisplayName } from '../core/player/displayName.js';
import { idleState, newPlayer, type Player, type PlayerState } from '../core/player/player.js';
import { playerRef, playerStateRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';
import { assertNotDeleted } from './sessions.js';

export interface PlayerRecord {
  player: Player;
  state: PlayerState;
}

export interface ReadPlayersOptions {
  /** Display names for profiles created now (a sign-in's name, say). */
  nameHints?: Record<string, string | undefined>;
  /** States this transaction already read, so they are not read (and billed) twice. */
  statesRead?: Map<string, DocumentSnapshot<PlayerState>>;
  /** Whose call this is: a deleted caller is refused as a deleted session, other deleted players as gone. */
  caller?: string;
  /** A sign-in: it may create a new account under the uid of a deleted one (a platform login's stable uid). */
  signIn?: boolean;
}

interface Tracked extends PlayerRecord {
  playerDirty: boolean;
  stateDirty: boolean;
}

/**
 * Reads players inside a transaction; first-time players get a profile (every ladder at its initial rating).
 * Changes are collected and written once by `write()`, after the transaction's last read.
 */
export async function readPlayers(tx: Tx, uids: string[], options: ReadPlayersOptions = {}) {
  const { nameHints = {}, statesRead = new Map() } = options;
  const unique = [...new Set(uids)];
  const statesToRead = unique.filter((uid) => !statesRead.has(uid));
  const snapshots = await tx.getAll([
    ...unique.map((id: string) => playerRef(tx, id)),
    ...statesToRead.map((id: string) => playerStateRef(tx, id)),
  ]);
  const states = new Map(statesRead);
  statesToRead.forEach((uid, i) => {
    states.set(uid, snapshots[unique.length + i]!);
  });
  // Nothing is created for a deleted account: a missing document is where its tombstone is looked for.
  const missing = unique.filter((uid, i) => !snapshots[i]!.exists || !states.get(uid)!.exists);
  if (!options.signIn) await assertNotDeleted(tx, missing, options.caller);
  const now = tx.ctx.clock.now();
  const records = new Map<string, Tracked>();
  unique.forEach((uid, i) => {
    const playerSnap = snapshots[i]!;
    const stateSnap = states.get(uid)!;
    records.set(uid, {
      player:
        (playerSnap.data() as Player | undefined) ??
        newPlayer(uid, defaultDisplayName(nameHints[uid], uid), tx.ctx.config.ladders, now),
      state: (stateSnap.data() as PlayerState | undefined) ?? idleState(now),
      playerDirty: !playerSnap.exists,
      stateDirty: !stateSnap.exists,
    });
  });
  const record = (uid: string) => {
    const found = records.get(uid);
    if (!found) throw new Error(`player ${uid} was not read in this transaction`);
    return found;
  };
  return {
    get: (uid: string): PlayerRecord => record(uid),
    updatePlayer(uid: string, patch: Partial<Player>) {
      const r = record(uid);
      r.player = { ...r.player, ...patch, updatedAt: tx.ctx.clock.now() };
      r.playerDirty = true;
    },
    updateState(uid: string, patch: Partial<PlayerState>) {
      const r = record(uid);
      r.state = { ...r.state, ...patch, updatedAt: tx.ctx.clock.now() };
      r.stateDirty = true;
    },
    /** Writes each created or changed document exactly once. */
    write() {
      for (const [uid, r] of records) {
        if (r.playerDirty) tx.set(playerRef(tx, uid), r.player);
        if (r.stateDirty) tx.set(playerStateRef(tx, uid), r.state);
        r.playerDirty = r.stateDirty = false;
      }
    },
  };
}
