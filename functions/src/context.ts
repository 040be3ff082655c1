import type { Firestore } from 'firebase-admin/firestore';
import { getFirestore } from 'firebase-admin/firestore';
import type { AppConfig } from './core/config.js';
import { configured } from './core/ids.js';
import type { Ladder } from './core/ladder/ladder.js';
import { resolvePool, type Pool, type PoolId } from './core/mode/pool.js';
import { app } from './store/firestore/db.js';
import { newOpCounters, type OpCounters } from './store/firestore/metrics.js';

/** The current time in milliseconds since the epoch; a test may drive it by hand. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Everything one ladder's code runs with: its configuration, its database, its clock and its op counters. Built by
 * `createLadderFunctions` and handed to every handler and job, which pass it (or the part they need) on.
 */
export interface LadderContext {
  readonly config: AppConfig;
  readonly db: Firestore;
  readonly clock: Clock;
  readonly ops: OpCounters;
  /**
   * A configured ladder by id, for ids that came from a configured mode or a stored document (a request's ladder id
   * is checked by its schema first). An id nothing configures is a bug or a ladder removed under live documents.
   */
  ladderOf(id: string): Ladder;
  /** The pool a request resolved to, or the one a ticket, room or player state names (their `mode` field). */
  poolOf(source: PoolId | { readonly mode: PoolId }): Pool;
}

export interface ContextOptions {
  clock?: Clock;
}

export function createContext(config: AppConfig, { clock = systemClock }: ContextOptions = {}): LadderContext {
  return {
    config,
    db: getFirestore(app, config.firestore.database),
    clock,
    ops: newOpCounters(),
    ladderOf(id) {
      const ladder = configured(config.ladders, id);
      if (!ladder) throw new Error(`No ladder "${id}" is configured (a mode or a stored document names it).`);
      return ladder;
    },
    poolOf: (source) => resolvePool(config, typeof source === 'string' ? source : source.mode),
  };
}

/**
 * A cache of one ladder's, by key: two ladders in one process may share a uid or a pool id, never what they hold
 * for it. The ladder's context keys the map, so it lives as long as the ladder does.
 */
export function perLadder<V>(): (ctx: LadderContext) => Map<string, V> {
  const maps = new WeakMap<LadderContext, Map<string, V>>();
  return (ctx) => {
    const map = maps.get(ctx) ?? new Map<string, V>();
    maps.set(ctx, map);
    return map;
  };
}
