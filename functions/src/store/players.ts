import { defaultDisplayName } from '../core/displayName.js';
import { idleState, newPlayer, playerSchema, playerStateSchema, type Player, type PlayerState } from '../core/player.js';
import { config } from '../config.js';
import { converter } from './converters.js';
import { db } from './db.js';
import { transaction, type Tx } from './tx.js';

export const playerRef = (uid: string) => db.collection('players').doc(uid).withConverter(converter(playerSchema));
export const playerStateRef = (uid: string) =>
  db.collection('playerStates').doc(uid).withConverter(converter(playerStateSchema));

export interface PlayerRecord {
  player: Player;
  state: PlayerState;
}

/**
 * Reads players inside a transaction, creating the profiles of first-time players (with both ladders at
 * their initial rating) as part of the same transaction. Call before any write of the transaction.
 */
export async function readPlayers(tx: Tx, uids: string[], nameHints: Record<string, string | undefined> = {}) {
  const snapshots = await tx.getAll([...uids.map(playerRef), ...uids.map(playerStateRef)]);
  const now = Date.now();
  const records = new Map<string, PlayerRecord & { created: boolean }>();
  uids.forEach((uid, i) => {
    const playerSnap = snapshots[i]!;
    const stateSnap = snapshots[uids.length + i]!;
    const player = (playerSnap.data() as Player | undefined) ?? newPlayer(uid, defaultDisplayName(nameHints[uid], uid), config.ladders, now);
    const state = (stateSnap.data() as PlayerState | undefined) ?? idleState(now);
    records.set(uid, { player, state, created: !playerSnap.exists || !stateSnap.exists });
  });
  return {
    get(uid: string): PlayerRecord {
      const record = records.get(uid);
      if (!record) throw new Error(`player ${uid} was not read in this transaction`);
      return record;
    },
    /** Writes the profiles this read created; call once the transaction starts writing. */
    createMissing() {
      for (const [uid, record] of records) {
        if (!record.created) continue;
        tx.set(playerRef(uid), record.player);
        tx.set(playerStateRef(uid), record.state);
        record.created = false;
      }
    },
  };
}

/** The caller's profile, created on first use. */
export function ensurePlayer(uid: string, nameHint?: string): Promise<PlayerRecord> {
  return transaction(async (tx) => {
    const players = await readPlayers(tx, [uid], { [uid]: nameHint });
    players.createMissing();
    return players.get(uid);
  });
}
