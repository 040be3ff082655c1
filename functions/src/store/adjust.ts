import { adjustmentRow, adjustStanding } from '../core/ladder/adjust.js';
import { requestedLadder } from '../core/ladder/ladder.js';
import { requirePlayer, standingInSeason, standingOn, type Player } from '../core/player/player.js';
import { audit } from './audit.js';
import { historyRef, playerRef, seasonArchiveRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import { seasonNow } from './extension.js';
import type { LadderContext } from '../context.js';

/**
 * Moves a player's rating on a ladder by `delta`, in one transaction with its history row (an adjustment, not
 * a game) and its audit row. The leaderboard and the tier read the profile, so they follow at once.
 */
export function adjustRating(
  ctx: LadderContext,
  actor: string,
  uid: string,
  ladderId: string,
  delta: number,
  reason: string,
) {
  const ladder = requestedLadder(ctx.config.ladders, ladderId);
  return transaction(ctx, async (tx) => {
    const player = requirePlayer((await tx.get(playerRef(ctx, uid))).data() as Player | undefined, uid);
    const now = ctx.clock.now();
    // A standing the season close has not reached yet is closed first, as a settlement would.
    const season = await seasonNow(ctx, ladderId, now, tx);
    const entered = standingInSeason(uid, ladderId, standingOn(player, ladderId, ladder), ladder, season, now);
    if (entered.archive) tx.create(seasonArchiveRef(ctx, uid, entered.archive.season), entered.archive);
    const before = entered.standing;
    const after = adjustStanding(before, delta, ladder, now);
    tx.set(playerRef(ctx, uid), { ...player, ladders: { ...player.ladders, [ladderId]: after }, updatedAt: now });
    const row = audit(
      tx,
      {
        action: 'adjustRating',
        actor,
        target: uid,
        reason,
        before: { ladder: ladderId, standing: before },
        after: { ladder: ladderId, standing: after },
      },
      now,
    );
    tx.create(
      historyRef(ctx, uid, `adjust:${row.id}`),
      adjustmentRow(ladderId, before.rating, after.rating, reason, now),
    );
    return { standing: after, auditId: row.id };
  });
}
