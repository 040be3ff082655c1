import { fail } from '../errors.js';
import { configured } from '../ids.js';
import type { Ladder, Ladders } from '../ladder/ladder.js';
import { buildGroups } from './builds.js';
import type { Mode, Modes } from './modes.js';

/** A configured mode's id, as requests and the configuration name it (`1v1`, `duel`). */
export type ModeId = string;

/**
 * The id of one pool of a mode: the mode's id, then `~` and a build group and `@` and a region where the mode
 * has them (`1v1`, `duel@eu`, `world~1.6@us`). Tickets live in `pools/{poolId}/tickets`; the `mode` field of a
 * ticket, room or player state holds the pool id.
 */
export type PoolId = string;

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
  `${modeId}${group === null ? '' : `~${group}`}${region === null ? '' : `@${region}`}`;

/** The mode, region and build group a pool id names. */
export function splitPoolId(poolId: PoolId): { modeId: ModeId; region: string | null; group: string | null } {
  const at = poolId.indexOf('@');
  const [head, region] = at < 0 ? [poolId, null] : [poolId.slice(0, at), poolId.slice(at + 1)];
  const tilde = head.indexOf('~');
  return tilde < 0
    ? { modeId: head, region, group: null }
    : { modeId: head.slice(0, tilde), region, group: head.slice(tilde + 1) };
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
  return Object.entries(modes).flatMap(([id, mode]) =>
    buildGroups(mode.builds).flatMap((group) =>
      mode.regions
        ? Object.keys(mode.regions.neighbours).map((region) => poolIdOf(id, region, group))
        : [poolIdOf(id, null, group)],
    ),
  );
}
