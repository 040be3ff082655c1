/**
 * `npm start`: the whole backend on the emulators, for local play, and the demo lobby page beside it. The
 * Functions emulator ignores `onSchedule` (it needs Pub/Sub), so this process plays Cloud Scheduler and runs
 * the matcher tick itself.
 */
import { emulatorEnv, HarnessError, REGION, startStack } from './emulators.js';
import { lobbyConfig, requireLobbyBuild, serveLobby, type LobbyServer } from './lobby.js';

const TICK_EVERY_MS = 60_000; // the deployed schedule: every minute
const LOBBY_PORT = Number(process.env.LOBBY_PORT ?? 5173); // a free port instead when it is taken

async function main() {
  const started = Date.now();
  if (!Number.isInteger(LOBBY_PORT) || LOBBY_PORT < 0 || LOBBY_PORT > 65_535) {
    throw new HarnessError(`LOBBY_PORT must be a port number, got ${JSON.stringify(process.env.LOBBY_PORT)}.`);
  }
  requireLobbyBuild();
  const stack = await startStack({ output: 'inherit' });
  let lobby: LobbyServer | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the lobby and the emulators…');
    await lobby?.close();
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));

  Object.assign(process.env, emulatorEnv(stack));
  const { matcherTick } = await import('../functions/src/index.js');
  const { config } = await import('../functions/src/config.js');
  lobby = await serveLobby(lobbyConfig(stack, config), LOBBY_PORT);
  const tick = () =>
    Promise.resolve(matcherTick.run({ scheduleTime: new Date().toISOString() })).catch((error: unknown) =>
      console.error('[matcher] tick failed:', error),
    );
  void tick();
  setInterval(() => void tick(), TICK_EVERY_MS);

  console.log(`
Ladder matchmaking is running on the emulators (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).
  Lobby      ${lobby.url}   (open it in several tabs: each tab is a player)
  Functions  ${stack.functionsOrigin}/${stack.projectId}/${REGION}/<name>   (callables: login, getProfile, …)
  Auth       http://${stack.authHost}
  Firestore  http://${stack.firestoreHost}
  Project    ${stack.projectId}
The matcher tick runs every ${TICK_EVERY_MS / 1000} s. Press Ctrl-C to stop everything.
`);
}

main().catch((error) => {
  console.error(error instanceof HarnessError ? `\n${error.message}\n` : error);
  process.exit(1);
});
