import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { createLadder, deployedName, type Ladder } from '@ladder/client';
import { logFile, PROJECT_ID, REGION, ROOT } from '../../scripts/emulators.js';
import { reach } from '../support/ladder.js';

const apps: FirebaseApp[] = [];
let appCount = 0;
/** A player's Firebase app on `npm start`'s project, deleted after the test. */
function newApp() {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `start-${++appCount}`);
  apps.push(app);
  return app;
}
afterEach(() => Promise.all(apps.splice(0).map((app) => deleteApp(app))));

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

/** `npm start` in a developer's shell (none of the test stack's emulator variables), with `env` added. */
function npmStart(env: Record<string, string> = {}) {
  const shell = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/EMULATOR|^LADDER_|^GCLOUD_PROJECT$|^FIREBASE_CONFIG$/.test(key)),
  );
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...shell, LOBBY_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, output: '' };
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      run.output += chunk.toString();
      if (run.output.includes('Press Ctrl-C to stop everything')) resolve();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) =>
      reject(new Error(`npm start exited (code ${code}) before it was ready:\n${run.output}`)),
    );
  });
  return { run, exited, ready };
}

/** The endpoints the banner names. */
function bannerOf(output: string) {
  const banner = output.slice(output.indexOf('Ladder matchmaking is running'));
  return {
    banner,
    lobbyUrl: /Lobby\s+(http:\/\/\S+)/.exec(banner)![1]!,
    functionsOrigin: /Functions\s+(http:\/\/[^/\s]+)/.exec(banner)![1]!,
    firestoreHost: /Firestore\s+http:\/\/(\S+)/.exec(banner)![1]!,
    authHost: /Auth\s+http:\/\/(\S+)/.exec(banner)![1]!,
  };
}

// `npm start` is `npm run build` and then this script; `npm test` has built everything already.
describe('npm start', () => {
  it('serves the lobby, the functions and a running matcher on its own emulators, and Ctrl-C leaves nothing running', async () => {
    const { run, exited, ready } = npmStart();
    const { child } = run;
    try {
      await ready;
      const { banner, lobbyUrl, functionsOrigin, firestoreHost, authHost } = bannerOf(run.output);

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
      expect(run.output.slice(0, run.output.indexOf('Ladder matchmaking is running')).trim()).toBe(
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
      await vi.waitUntil(() => /settled/.test(run.output), { timeout: 30_000 });
      const events = run.output
        .slice(run.output.indexOf('Press Ctrl-C to stop everything.'))
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

  it('with short timers, matches at the configured pace and closes a season that ends, unasked', async () => {
    // The test configuration (advanced.matcher.runSeconds 3), with the free-for-all's ladder's season ending in 90 s.
    const testConfig = JSON.parse(readFileSync(join(ROOT, 'test/ladder.config.json'), 'utf8'));
    const seasonEnd = Math.ceil((Date.now() + 90_000) / 1000) * 1000;
    testConfig.ladders.team.seasons = [
      { id: 'now', start: '2026-01-01T00:00:00Z', end: new Date(seasonEnd).toISOString() },
      { id: 'next', start: new Date(seasonEnd).toISOString(), end: '2099-01-01T00:00:00Z' },
    ];
    // Time to report on a loaded machine: the free-for-all's game is settled by its players' reports.
    testConfig.modes.ffa.reportTimeoutSeconds = 60;
    const path = join(mkdtempSync(join(tmpdir(), 'start-config-')), 'ladder.config.json');
    writeFileSync(path, JSON.stringify(testConfig));
    const { run, exited, ready } = npmStart({ LADDER_CONFIG: path });
    const clients: Ladder[] = [];
    try {
      await ready;
      const { banner, functionsOrigin, firestoreHost, authHost } = bannerOf(run.output);
      // It says what it will do with this configuration.
      expect(banner).toContain(
        'The matcher sweeps every 0.5 s: one run of 3 s (advanced.matcher.runSeconds), the next starting as the last ends.',
      );
      expect(banner).toContain('this configuration would sweep 3 s of each 1 min.');
      // The next end is this season's unless the emulators took longer than that to start.
      if (Date.now() < seasonEnd - 5_000)
        expect(banner).toContain(`as each season ends until it is closed (next ${new Date(seasonEnd).toISOString()})`);

      // Past the first run: a free-for-all of three forms only in a matcher sweep, after its 2 s fill wait.
      await sleep(4_000);
      const emulators = { auth: authHost, firestore: firestoreHost, functions: new URL(functionsOrigin).host };
      for (const name of ['Cat', 'Dan', 'Eve']) {
        const ladder = createLadder({ app: newApp(), emulators });
        clients.push(ladder);
        await ladder.login({ provider: 'dev', name });
      }
      const matches = [];
      for (const ladder of clients) matches.push(await ladder.queue('ffa'));
      const queuedAt = Date.now();
      const [{ room }] = await Promise.all([
        reach(matches[0]!, 'active'),
        ...matches.slice(1).map((m) => reach(m, 'active')),
      ]);
      const waited = Date.now() - queuedAt;
      console.log(`[npm start] free-for-all of three formed ${waited} ms after the last enqueue`);
      // The fill wait and a few sweeps, not the minute to the next scheduled run.
      expect(waited).toBeLessThan(15_000);

      // Their game counts for the team ladder's season "now", so its close archives the three of them.
      const placements = Object.fromEntries(room.memberUids.map((uid, i) => [uid, i + 1]));
      await Promise.all(matches.map((match) => match.report({ placements })));
      await Promise.all(matches.map((match) => reach(match, 'settled')));
      const close = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/ladders/team/closes/now`;
      await vi.waitUntil(() => /season {5}team now closed/.test(run.output), {
        timeout: Math.max(0, seasonEnd - Date.now()) + 30_000,
        interval: 500,
      });
      const fields = (
        (await (await fetch(close, { headers: { Authorization: 'Bearer owner' } })).json()) as {
          fields: { phase: { stringValue: string }; finishedAt: { integerValue: string } };
        }
      ).fields;
      expect(fields.phase.stringValue).toBe('done');
      expect(Number(fields.finishedAt.integerValue)).toBeGreaterThanOrEqual(seasonEnd);
      // Archived: the three of them if their room formed before the end (the emulators may start slowly).
      const roomDoc = `http://${firestoreHost}/v1/projects/${PROJECT_ID}/databases/(default)/documents/rooms/${room.id}`;
      const roomFields = (
        (await (await fetch(roomDoc, { headers: { Authorization: 'Bearer owner' } })).json()) as {
          fields: { season: { stringValue?: string } };
        }
      ).fields;
      const archived = roomFields.season.stringValue === 'now' ? 3 : 0;
      expect(run.output).toMatch(
        new RegExp(`\\d\\d:\\d\\d:\\d\\d {2}season {5}team now closed · ${archived} players archived\\n`),
      );

      run.child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      for (const ladder of clients) ladder.close();
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 240_000);
});
