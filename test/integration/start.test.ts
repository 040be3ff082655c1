import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PROJECT_ID, REGION, ROOT } from '../../scripts/emulators.js';

/** Whether something accepts connections on host:port. */
const listening = (hostPort: string) =>
  new Promise<boolean>((resolve) => {
    const [host, port] = hostPort.split(':');
    const socket = connect(Number(port), host!);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `npm start` is `npm run build` and then this script; `npm test` has built everything already.
describe('npm start', () => {
  it('serves the lobby, the functions and a running matcher on its own emulators, and Ctrl-C leaves nothing running', async () => {
    // A developer's shell: none of the test stack's emulator variables.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/EMULATOR|^LADDER_|^GCLOUD_PROJECT$|^FIREBASE_CONFIG$/.test(key)),
    );
    const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
      cwd: ROOT,
      env: { ...env, LOBBY_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Press Ctrl-C to stop everything')) resolve();
      };
      child.stdout.on('data', collect);
      child.stderr.on('data', collect);
      void exited.then((code) => reject(new Error(`npm start exited (code ${code}) before it was ready:\n${output}`)));
    });
    try {
      await ready;
      const banner = output.slice(output.indexOf('Ladder matchmaking is running'));
      const lobbyUrl = /Lobby\s+(http:\/\/\S+)/.exec(banner)![1]!;
      const functionsOrigin = /Functions\s+(http:\/\/[^/\s]+)/.exec(banner)![1]!;
      const firestoreHost = /Firestore\s+http:\/\/(\S+)/.exec(banner)![1]!;
      const authHost = /Auth\s+http:\/\/(\S+)/.exec(banner)![1]!;

      const lobby = await fetch(lobbyUrl);
      expect(lobby.status).toBe(200);
      expect(await lobby.text()).toMatch(/<script/);
      // The lobby's clients are pointed at this stack.
      const config = (await (await fetch(new URL('/config.json', lobbyUrl))).json()) as unknown;
      expect(config).toMatchObject({ projectId: PROJECT_ID, emulators: { firestore: firestoreHost, auth: authHost } });

      // A callable answers as the functions would in production: a signed-out caller is refused by name.
      const refused = await fetch(`${functionsOrigin}/${PROJECT_ID}/${REGION}/getProfile`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: {} }),
      });
      expect(((await refused.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');

      // The matcher tick runs without being asked: its first sweep publishes every mode's queue statistics.
      const stats = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/pools/1v1`;
      let published = false;
      for (let i = 0; i < 60 && !published; i++) {
        published = (await fetch(stats, { headers: { Authorization: 'Bearer owner' } })).status === 200;
        if (!published) await sleep(500);
      }
      expect(published).toBe(true);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      const hosts = [new URL(lobbyUrl).host, new URL(functionsOrigin).host, firestoreHost, authHost];
      for (const host of hosts) expect(await listening(host), `${host} still answers after Ctrl-C`).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
