import type { AppConfig } from '../config.js';
import { partyCapacity } from './partyCapacity.js';
import type { LocaleNames } from '../ladder/tiers.js';

/** How a mode's rooms are made up: two sides of `teamSize`, or one free-for-all of min..max players. */
export type FormatInfo =
  | { kind: 'team'; teamSize: number }
  | {
      kind: 'ffa';
      minPlayers: number;
      maxPlayers: number;
      fillWaitSeconds: number;
      /** Whether a room in play takes late joiners, for how long after it starts, and whether their games are rated. */
      backfill: { windowSeconds: number; rated: boolean } | null;
    };

/** What a client needs to offer a mode: its ladder, its shape, its regions, how its tickets and rooms behave. */
export interface ModeInfo {
  id: string;
  ladder: string;
  format: FormatInfo;
  /** The most players one ticket (a party) may hold. */
  partyCapacity: number;
  /** A ticket nobody heartbeats for this long expires; clients beat at 55 % of it. */
  ticketTtlSeconds: number;
  /** A regional mode's regions, one of which the player queues in; empty for a mode with one pool. */
  regions: string[];
  /** Seconds every player has to accept a formed room; null: rooms start at once. */
  readyCheckSeconds: number | null;
  /** Seconds after a settled game in which its players may all ask to play again; null: no rematch. */
  rematchSeconds: number | null;
  /** Whether `enqueue` needs the client's build (the mode pools builds by compatibility). */
  needsBuild: boolean;
  /** What players may choose, which their room must agree on (core/mode/choices.ts); empty when nothing. */
  choices: ChoiceInfo[];
}

/** One of a mode's choices: its name, whether a ticket names several values or one, and when it relaxes. */
export interface ChoiceInfo {
  id: string;
  kind: 'overlap' | 'equal';
  values: string[];
  relaxAfterSeconds: number | null;
}

export interface LadderInfo {
  id: string;
  /** The visible ranks, lowest first: ids, names per locale and the rating each starts at. */
  tiers: { id: string; names: LocaleNames; minRating: number }[];
}

export interface Catalog {
  modes: ModeInfo[];
  ladders: LadderInfo[];
}

/** The deployment's modes and ladders as clients see them, so a game hard-codes no copy of the configuration. */
export function catalogOf(config: Pick<AppConfig, 'modes' | 'ladders'>): Catalog {
  const modes = Object.entries(config.modes).map(([id, mode]): ModeInfo => {
    const { format } = mode;
    return {
      id,
      ladder: mode.ladder,
      format:
        format.kind === 'team'
          ? { kind: 'team', teamSize: format.teamSize }
          : {
              kind: 'ffa',
              minPlayers: format.minPlayers,
              maxPlayers: format.maxPlayers,
              fillWaitSeconds: format.fillWaitSeconds,
              backfill: format.backfill,
            },
      partyCapacity: partyCapacity(mode),
      ticketTtlSeconds: mode.ticketTtlSeconds,
      regions: mode.regions ? Object.keys(mode.regions.neighbours) : [],
      readyCheckSeconds: mode.readyCheck?.timeoutSeconds ?? null,
      rematchSeconds: mode.rematch?.windowSeconds ?? null,
      needsBuild: mode.builds !== null,
      choices: Object.entries(mode.choices ?? {}).map(([id, choice]) => ({ id, ...choice })),
    };
  });
  const ladders = Object.entries(config.ladders).map(([id, ladder]) => ({
    id,
    tiers: ladder.tiers.map(({ id: tier, names, minRating }) => ({ id: tier, names, minRating })),
  }));
  return { modes, ladders };
}
