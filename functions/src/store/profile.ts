import { farmingStanding } from '../core/fairplay/pairCap.js';
import { leaveStanding } from '../core/fairplay/leaving.js';
import { dodgeStanding } from '../core/fairplay/dodging.js';
import { withRanksAsOf } from '../core/player/player.js';
import { readPlayers, type PlayerRecord } from './players.js';
import { readPlayersWithPresence } from './presence.js';
import { transaction } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/** The signed-in player's profile, created on their first sign-in (a new account, if this uid's was deleted). */
export function ensurePlayer(ctx: LadderContext, uid: string, nameHint?: string): Promise<PlayerRecord> {
  return transaction(ctx, async (tx) => {
    const players = await readPlayers(tx, [uid], { nameHints: { [uid]: nameHint }, signIn: true });
    players.write();
    return players.get(uid);
  });
}

/** The player's public profile, private state and where they are; the first call creates the profile. */
export function profile(ctx: LadderContext, uid: string, nameHint?: string) {
  return transaction(ctx, async (tx) => {
    const { players, presenceOf } = await readPlayersWithPresence(tx, [uid], [], {
      nameHints: { [uid]: nameHint },
      caller: uid,
    });
    players.write();
    const { player, state } = players.get(uid);
    const now = ctx.clock.now();
    return {
      player: withRanksAsOf(player, ctx.config.ladders, now),
      state,
      presence: presenceOf(uid),
      dodging: dodgeStanding(state.dodges, state.cooldownUntil, ctx.config.fairPlay.dodging, now),
      leaving: leaveStanding(player, state.leaves),
      farming: farmingStanding(state.meetings, ctx.config.fairPlay.farming, now),
    };
  });
}

export function renamePlayer(ctx: LadderContext, uid: string, displayName: string) {
  return transaction(ctx, async (tx) => {
    const players = await readPlayers(tx, [uid], { caller: uid });
    players.updatePlayer(uid, { displayName });
    players.write();
    return { player: players.get(uid).player };
  });
}
