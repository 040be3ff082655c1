/**
 * Seeded background load: waiting tickets written straight to Firestore with the admin SDK, each with the player
 * state that points at it, built by the same constructors and written through the same references (so they carry
 * the change stamp) as the functions use. Their matching scores sit far above
 * any bot's and further apart than any mode's hard spread cap, so they can never be matched: they only make the
 * pool the matcher mirrors and sweeps as large as asked. They never expire and nobody heartbeats for them.
 */
import type { LadderContext } from '../functions/src/context.js';
import { idleState } from '../functions/src/core/player/player.js';
import { modeIdSchema, poolIdOf } from '../functions/src/core/mode/pool.js';
import { newTicket } from '../functions/src/core/queue/ticket.js';
import { ticketRef } from '../functions/src/store/firestore/refs.js';

const FIRST_SCORE = 100_000;
const DAY_SECONDS = 86_400;
export const BACKGROUND_PREFIX = 'background-';

/** Writes `count` waiting tickets spread over `modes` by weight; returns how many each mode got. */
export async function seedBackground(
  { config, db }: LadderContext,
  count: number,
  modes: [string, number][],
): Promise<Record<string, number>> {
  const total = modes.reduce((sum, [, weight]) => sum + weight, 0);
  const perMode: Record<string, number> = {};
  let assigned = 0;
  modes.forEach(([mode, weight], i) => {
    const share = i === modes.length - 1 ? count - assigned : Math.round((count * weight) / total);
    perMode[mode] = share;
    assigned += share;
  });
  const writer = db.bulkWriter();
  const now = Date.now();
  for (const [modeId, share] of Object.entries(perMode)) {
    const { spreadCap, regions } = config.modes[modeId]!;
    const gap = spreadCap.hard + 1;
    // A regional mode's tickets go round its regions' pools.
    const id = modeIdSchema.parse(modeId);
    const pools = regions ? Object.keys(regions.neighbours).map((r) => poolIdOf(id, r)) : [poolIdOf(id, null)];
    for (let i = 0; i < share; i++) {
      const mode = pools[i % pools.length]!;
      const uid = `${BACKGROUND_PREFIX}${mode}-${i}`;
      const score = FIRST_SCORE + i * gap;
      const ticket = newTicket(
        {
          id: `${BACKGROUND_PREFIX}${mode}-${i}`,
          mode,
          members: [{ uid, rating: score }],
          names: { [uid]: `Background ${i}` },
          ranks: {},
          score,
          partyId: null,
          ownerUid: uid,
          enqueuedAt: now,
          ttlSeconds: DAY_SECONDS,
          avoid: [],
          rtts: null,
        },
        now,
      );
      void writer.set(ticketRef({ db }, mode, ticket.id), ticket);
      void writer.set(db.doc(`playerStates/${uid}`), { ...idleState(now), mode, ticketId: ticket.id });
    }
  }
  await writer.close();
  return perMode;
}
