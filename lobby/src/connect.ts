import { initializeApp } from 'firebase/app';
import { browserSessionPersistence, initializeAuth } from 'firebase/auth';
import { createLadder, type Ladder } from '@ladder/client';
import { parseLobbyConfig, type Lobby, type LobbyConfig } from './config.js';

/** The stack's endpoints, from the `config.json` served beside the page (scripts/lobby.ts). */
export async function loadConfig(): Promise<LobbyConfig> {
  const response = await fetch(new URL('config.json', location.href));
  if (!response.ok)
    throw new Error(`config.json could not be loaded (${response.status}); serve the lobby with \`npm start\`.`);
  return parseLobbyConfig(await response.json());
}

/** A Firebase app for this tab and the ladder client on it (the operator view reads Firestore through the same app). */
export function connect(config: LobbyConfig): Ladder {
  const firebase = initializeApp({ projectId: config.projectId, apiKey: config.apiKey });
  // Session storage is per tab: every tab is its own player, and a reload keeps the tab's player.
  initializeAuth(firebase, { persistence: browserSessionPersistence });
  return createLadder({
    app: firebase,
    region: config.region,
    ...(config.emulators ? { emulators: config.emulators } : {}),
  });
}

/** The endpoints and the ladder client on them, with the modes and ladders the functions say they run. */
export async function openLobby(): Promise<{ lobby: Lobby; ladder: Ladder }> {
  const config = await loadConfig();
  const ladder = connect(config);
  const { modes, ladders } = await ladder.modes();
  return { lobby: { ...config, modes, ladders: ladders.map((l) => l.id) }, ladder };
}
