import { modeIdSchema, poolIdSchema, type ModeId, type PoolId } from '../../functions/src/core/mode/pool.js';

/** A pool id a test names by hand (`2v2`, `duel@eu`), as a request or a stored document would give it. */
export const poolId = (id: string): PoolId => poolIdSchema.parse(id);

/** A mode id a test names by hand, as the configuration's keys give it. */
export const modeId = (id: string): ModeId => modeIdSchema.parse(id);
