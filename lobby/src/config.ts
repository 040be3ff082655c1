import type { ModeInfo } from '@ladder/client';

/**
 * Where the lobby finds the backend, from `config.json` served beside it, so one build works with any emulator
 * ports (scripts/lobby.ts writes it). The modes and ladders come from the functions themselves (`getModes`).
 */
export interface LobbyConfig {
  projectId: string;
  apiKey: string;
  region: string;
  /** `host:port` of each emulator; null against a real Firebase project. */
  emulators: { auth: string; firestore: string; functions: string } | null;
}

/** The endpoints with what the functions said they run: the modes to offer and the ladders' ids. */
export interface Lobby extends LobbyConfig {
  modes: ModeInfo[];
  ladders: string[];
}

/** Checks the fetched configuration, naming what is wrong rather than failing later on an undefined. */
export function parseLobbyConfig(raw: unknown): LobbyConfig {
  const problems: string[] = [];
  const c = (raw ?? {}) as Partial<LobbyConfig>;
  for (const key of ['projectId', 'apiKey', 'region'] as const)
    if (typeof c[key] !== 'string' || !c[key]) problems.push(`${key} must be a non-empty string`);
  if (
    c.emulators !== null &&
    (typeof c.emulators !== 'object' ||
      !['auth', 'firestore', 'functions'].every((k) => typeof (c.emulators as Record<string, unknown>)[k] === 'string'))
  ) {
    problems.push('emulators must be null or { auth, firestore, functions } as "host:port"');
  }
  if (problems.length > 0) throw new Error(`config.json is not a lobby configuration: ${problems.join('; ')}`);
  return c as LobbyConfig;
}

/** For the mode picker, e.g. "2 sides of 2 · team ladder · ready check 20 s". */
export function describeMode(mode: ModeInfo): string {
  const { format } = mode;
  const shape =
    format.kind === 'team'
      ? `2 sides of ${format.teamSize}`
      : `free-for-all, ${format.minPlayers}–${format.maxPlayers} players`;
  const readyCheck = mode.readyCheckSeconds === null ? '' : ` · ready check ${mode.readyCheckSeconds} s`;
  const regions = mode.regions.length ? ` · regions ${mode.regions.join(', ')}` : '';
  // Absent from the answers of servers older than backfill.
  const late = format.kind === 'ffa' && format.backfill ? ' · may join a game in progress' : '';
  return `${shape} · ${mode.ladder} ladder${readyCheck}${regions}${late}`;
}
