/**
 * What the lobby learns at run time from `config.json` served beside it, so one build works with any
 * emulator ports (scripts/lobby.ts writes it).
 */
export interface LobbyMode {
  id: string;
  /** Two sides, or free-for-all. */
  kind: 'team' | 'ffa';
  ladder: string;
  /** For the mode picker, e.g. "2 sides of 2 · team ladder · ready check 20 s". */
  description: string;
  ticketTtlSeconds: number;
  /** The most players one ticket (a party) may hold in this mode. */
  partyCapacity: number;
  /** A regional mode's regions, which the player picks from; empty for a mode with one pool. */
  regions: string[];
}

export interface LobbyConfig {
  projectId: string;
  apiKey: string;
  region: string;
  /** `host:port` of each emulator; null against a real Firebase project. */
  emulators: { auth: string; firestore: string; functions: string } | null;
  modes: LobbyMode[];
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
  if (!Array.isArray(c.modes) || c.modes.length === 0) problems.push('modes must list at least one mode');
  if (!Array.isArray(c.ladders) || c.ladders.length === 0) problems.push('ladders must list at least one ladder');
  if (problems.length > 0) throw new Error(`config.json is not a lobby configuration: ${problems.join('; ')}`);
  return c as LobbyConfig;
}
