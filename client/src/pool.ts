/**
 * A pool id names the pool a ticket waits in: the mode's id, then `~` and a build group and `@` and a region
 * where the mode has them (`1v1`, `duel@eu`, `world~1.6@us`). Documents (a ticket's, a room's or the player
 * state's `mode`) hold the pool id; this is the mode's id within it.
 */
export function modeOfPool(pool: string): string {
  return pool.replace(/[~@].*$/, '');
}
