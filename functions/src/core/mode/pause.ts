import { z } from 'zod';
import { fail } from '../errors.js';
import type { Modes } from './modes.js';
import { poolIdOf, poolIds, splitPoolId, type Pool, type PoolId } from './pool.js';

/**
 * `modePauses/{target}`: a mode (every pool of it) or one regional pool (`1v1@eu`) an operator paused. Stored
 * as data, so pausing needs no redeploy; the queue reads it in the transaction that would write a ticket.
 */
export const modePauseSchema = z.object({
  target: z.string(),
  /** What a player trying to queue is told, in the studio's words. */
  message: z.string(),
  by: z.string(),
  at: z.number().int(),
});
export type ModePause = z.infer<typeof modePauseSchema>;

/** The message a studio shows players: short enough for a toast. */
export const pauseMessageSchema = z
  .string()
  .trim()
  .min(1, 'must tell players something')
  .max(300, 'must be at most 300 characters');

/** The pause documents that stop queueing for this pool: its mode's, and the pool's own when regional. */
export const pauseTargetsOf = (pool: Pick<Pool, 'id' | 'modeId'>): string[] =>
  pool.id === poolIdOf(pool.modeId, null) ? [pool.id] : [pool.modeId, pool.id];

/** The pause documents that stop a pool by its id (`2v2`, `1v1@eu`). */
export const poolPauseTargets = (pool: PoolId) => pauseTargetsOf({ id: pool, modeId: splitPoolId(pool).modeId });

/**
 * The tickets of a cancelled ready check that go back to their pools: none to a pool paused since the room
 * formed (its waiting tickets were released; these are released with them). `paused`: the pause documents found.
 */
export function requeuesOpen<T extends { pool?: PoolId | null | undefined }>(
  tickets: readonly T[],
  roomPool: PoolId,
  paused: ReadonlySet<string>,
): T[] {
  return tickets.filter((t) => !poolPauseTargets(t.pool ?? roomPool).some((target) => paused.has(target)));
}

/** The pools a pause of `target` (a mode or one pool) empties; refuses a name that is neither. */
export function pausedPools(modes: Modes, target: string): PoolId[] {
  const pools = poolIds(modes).filter((pool) => pool === target || splitPoolId(pool).modeId === target);
  if (pools.length === 0) {
    fail(
      'invalid-argument',
      `mode: no mode or regional pool is named "${target}"; pools: ${poolIds(modes).join(', ')}.`,
    );
  }
  return pools;
}

/** Refuses queueing while any of these pauses stands, with the studio's message. */
export function assertNotPaused(pauses: readonly (ModePause | undefined)[]): void {
  const pause = pauses.find((p) => p !== undefined);
  if (pause)
    fail('failed-precondition', `Queueing for ${pause.target} is paused: ${pause.message}`, { paused: pause.target });
}

/** The pause a resume lifts; a target that is not paused is refused. */
export function requirePause<P>(pause: P | null | undefined, target: string): P {
  if (!pause) fail('failed-precondition', `mode: "${target}" is not paused.`);
  return pause;
}
