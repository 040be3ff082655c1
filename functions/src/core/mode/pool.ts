import { z } from 'zod';
import { fail } from '../errors.js';
import { configured } from '../ids.js';
import type { Ladder, Ladders } from '../ladder/ladder.js';
import { buildGroups } from './builds.js';
import type { Mode, Modes } from './modes.js';

/**
 * A configured mode's id, as requests and the configuration name it (`1v1`, `duel`). Mode and pool ids are both
 * strings, and a mode without regions or builds has one pool named as it, so each has a type of its own: a pool
 * id (`duel@eu`) given where a mode is meant, or the reverse, fails to compile instead of finding nothing.
 * Ids come from the configuration's keys (`modeIds`), a checked request or a stored document's schema.
 */
export const modeIdSchema = z.string().brand<'ModeId'>();
export type ModeId = z.infer<typeof modeIdSchema>;

/**
 * The id of one pool of a mode: the mode's id, then `~` and a build group and `@` and a region where the mode
 * has them (`1v1`, `duel@eu`, `world~1.6@us`). Tickets live in `pools/{poolId}/tickets`; the `mode` field of a
 * ticket, room or player state holds the pool id, typed as one by `poolIdSchema` where those documents are read.
 */
export const poolIdSchema = z.string().brand<'PoolId'>();
export type PoolId = z.infer<typeof poolIdSchema>;

// The brands exist only in types. Only here does an id get one without a schema: the ids this module builds
// or splits from ids already typed, and the configuration's keys, which its schema has checked.
const asModeId = (id: string) => id as ModeId;
const asPoolId = (id: string) => id as PoolId;

/** The ids of the configured modes: the configuration's keys, which its schema has checked. */
export const modeIds = (modes: Modes): ModeId[] => Object.keys(modes).map(asModeId);

/**
 * A pool resolved from the configuration, once, where a request or a document names it: its id and the mode,
 * region and build group that id names, the mode's settings, and the ladder the mode rates on.
 */
export interface Pool {
  readonly id: PoolId;
  readonly modeId: ModeId;
  /** Null for a mode without regions. */
  readonly region: string | null;
  /** The build group; null where the mode's builds form one group. */
  readonly group: string | null;
  readonly mode: Mode;
  readonly ladderId: string;
  readonly ladder: Ladder;
  /** The configuration's `advanced.partyBonusPerMember`, which every pool's tickets score by. */
  readonly partyBonusPerMember: number;
}

/**
 * The pool of a mode in one region and one build group (core/mode/builds.ts): `{mode}~{group}@{region}`, each
 * part present only where the mode has regions or build groups. A mode with neither has one pool, named as it.
 */
export const poolIdOf = (modeId: ModeId, region: string | null, group: string | null = null): PoolId =>
  asPoolId(`${modeId}${group === null ? '' : `~${group}`}${region === null ? '' : `@${region}`}`);

/** The mode, region and build group a pool id names. */
export function splitPoolId(poolId: PoolId): { modeId: ModeId; region: string | null; group: string | null } {
  const at = poolId.indexOf('@');
  const [head, region] = at < 0 ? [poolId, null] : [poolId.slice(0, at), poolId.slice(at + 1)];
  const tilde = head.indexOf('~');
  return tilde < 0
    ? { modeId: asModeId(head), region, group: null }
    : { modeId: asModeId(head.slice(0, tilde)), region, group: head.slice(tilde + 1) };
}

/**
 * The one way from a pool id to a Pool. A mode, region or build group the configuration does not have is
 * refused as bad input (the id may come from a request); a mode's ladder missing is a configuration bug.
 */
export function resolvePool(
  config: { modes: Modes; ladders: Ladders; advanced: { partyBonusPerMember: number } },
  poolId: PoolId,
): Pool {
  const { modeId, region, group } = splitPoolId(poolId);
  const { modes } = config;
  const mode = configured(modes, modeId);
  if (!mode) fail('invalid-argument', `Unknown mode "${modeId}"; configured modes: ${Object.keys(modes).join(', ')}.`);
  if (mode.regions && (region === null || !configured(mode.regions.neighbours, region)))
    fail(
      'invalid-argument',
      `Mode "${modeId}" is regional: name one of its regions (${Object.keys(mode.regions.neighbours).join(', ')}).`,
    );
  if (!mode.regions && region !== null) fail('invalid-argument', `Mode "${modeId}" has no regions.`);
  if (!buildGroups(mode.builds).includes(group))
    fail('invalid-argument', `Mode "${modeId}" has no build group "${group}".`);
  const ladder = config.ladders[mode.ladder];
  if (!ladder) throw new Error(`Mode "${modeId}" rates on ladder "${mode.ladder}", which is not configured.`);
  const { partyBonusPerMember } = config.advanced;
  return {
    id: poolIdOf(modeId, region, group),
    modeId,
    region,
    group,
    mode,
    ladderId: mode.ladder,
    ladder,
    partyBonusPerMember,
  };
}

/** Every pool of every mode: one per mode, region of a regional mode and build group. */
export function poolIds(modes: Modes): PoolId[] {
  return Object.entries(modes).flatMap(([key, mode]) => {
    const id = asModeId(key);
    return buildGroups(mode.builds).flatMap((group) =>
      mode.regions
        ? Object.keys(mode.regions.neighbours).map((region) => poolIdOf(id, region, group))
        : [poolIdOf(id, null, group)],
    );
  });
}
