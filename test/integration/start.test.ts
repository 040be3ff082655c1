import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createLadder, deployedName } from '@ladder/client';
import { logFile, PROJECT_ID, REGION, ROOT } from '../../scripts/emulators.js';
import { newApp } from '../support/client.js';
import { reach } from '../support/ladder.js';

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
      // The operator view is served beside it, and its named account already has the admin claim.
      const operatorUrl = /Operator\s+(http:\/\/\S+)/.exec(banner)![1]!;
      expect(await (await fetch(operatorUrl)).text()).toMatch(/operator view/);
      const lookup = await fetch(
        `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:lookup`,
        {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
          body: JSON.stringify({ localId: ['dev:operator'] }),
        },
      );
      const { users } = (await lookup.json()) as { users: { customAttributes?: string }[] };
      expect(JSON.parse(users[0]!.customAttributes!)).toMatchObject({ admin: true });

      // A callable answers as the functions would in production: a signed-out caller is refused by name.
      const refused = await fetch(`${functionsOrigin}/${PROJECT_ID}/${REGION}/${deployedName('getProfile')}`, {
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

      // The terminal is quiet: the banner, and then one line per event. The emulators' chatter is in files.
      expect(output.slice(0, output.indexOf('Ladder matchmaking is running')).trim()).toBe(
        `Starting the emulators (their output goes to ${logFile('*')})…`,
      );
      // The log is shared with the test stack's and appended to: the newest start's section is `npm start`'s.
      const sections = readFileSync(logFile('firebase'), 'utf8').split(/^===== firebase started .*$/m);
      expect(sections.at(-1)).toMatch(/All emulators ready/);
      // The copy-paste line is whole: the same hosts as the lines above it, nothing run into it.
      expect(banner).toContain(
        `  export GCLOUD_PROJECT=${PROJECT_ID} GOOGLE_CLOUD_PROJECT=${PROJECT_ID} FIRESTORE_EMULATOR_HOST=${firestoreHost} FIREBASE_AUTH_EMULATOR_HOST=${authHost}\n`,
      );

      // A game on this stack, through the client SDK: its room's events show, one line each.
      const emulators = { auth: authHost, firestore: firestoreHost, functions: new URL(functionsOrigin).host };
      const [ann, bob] = [createLadder({ app: newApp(), emulators }), createLadder({ app: newApp(), emulators })];
      try {
        await ann.login({ provider: 'dev', name: 'Ann' });
        await bob.login({ provider: 'dev', name: 'Bob' });
        const annMatch = await ann.queue('1v1');
        await reach(annMatch, 'queued');
        const bobMatch = await bob.queue('1v1');
        // The default configuration has a ready check.
        // Bob's enqueue may find Ann at once, or the running matcher tick may pair them just after it answered.
        await Promise.all([reach(annMatch, 'pending'), reach(bobMatch, 'pending')]);
        await Promise.all([annMatch.accept(), bobMatch.accept()]);
        await reach(annMatch, 'active');
        await annMatch.reportOutcome('win');
        await bobMatch.reportOutcome('loss');
        await reach(annMatch, 'settled');
      } finally {
        ann.close();
        bob.close();
      }
      await vi.waitUntil(() => /settled/.test(output), { timeout: 30_000 });
      const events = output
        .slice(output.indexOf('Press Ctrl-C to stop everything.'))
        .split('\n')
        .slice(1)
        .filter(Boolean);
      // Newcomers move by the default configuration's provisional K of 64: ±32 at equal ratings.
      const pair = (a: string, b: string) => `(?:${a}, ${b}|${b}, ${a})`;
      expect(events).toEqual([
        expect.stringMatching(
          /^\d\d:\d\d:\d\d {2}formed {5}1v1 {3}(Ann vs Bob|Bob vs Ann) · ready check until \d\d:\d\d:\d\d$/,
        ),
        expect.stringMatching(/^\d\d:\d\d:\d\d {2}started {4}1v1 {3}(Ann vs Bob|Bob vs Ann)$/),
        expect.stringMatching(
          new RegExp(
            `^\\d\\d:\\d\\d:\\d\\d  settled    1v1   ${pair('Ann 1500→1532 \\(\\+32\\)', 'Bob 1500→1468 \\(−32\\)')}$`,
          ),
        ),
      ]);

      child.kill('SIGINT');
      expect(await exited).toBe(0);
      const hosts = [new URL(lobbyUrl).host, new URL(functionsOrigin).host, firestoreHost, authHost];
      for (const host of hosts) expect(await listening(host), `${host} still answers after Ctrl-C`).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
