/**
 * A ladder configured with a named Firestore database (`firestore: { database: 'ladder' }`): a second Auth and
 * Functions pair beside the test stack (sharing its Firestore emulator, which keeps each database apart), and
 * clients created with `database: 'ladder'`. A 1v1 played through the SDK leaves every document in `ladder` and
 * nothing in `(default)`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type CollectionReference, type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { LadderError } from '@ladder/client';
import { createLadder, type Ladder } from '@ladder/client';
import { startStack, type Stack } from '../../scripts/emulators.js';
import { app } from '../../functions/src/store/firestore/db.js';
import { closeAfterTest, newApp } from '../support/client.js';
import { useTestConfig } from '../support/config.js';
import { reach } from '../support/ladder.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../functions/lib/install/cli.js', import.meta.url));
const DATABASE = 'ladder';
const CONFIG = useTestConfig('named-database', (config) => {
  config.firestore = { database: DATABASE };
});

/** The Firestore emulator's own endpoints for the named database (its rules, its documents). */
const emulator = () => {
  const { firestoreHost, projectId } = inject('endpoints');
  return `http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/${DATABASE}`;
};
let stack: Stack;
let project: string;

/** The package's own command, run in the studio's project folder as the quickstart runs it. */
const ladderFirestore = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, [CLI, ...args], { cwd: project, env: { ...process.env, ...env } });

/** Empties the named database (the test stack's clearing between tests empties only the default one). */
async function clearLadderDatabase() {
  const response = await fetch(`${emulator()}/documents`, { method: 'DELETE' });
  expect(response.ok, await response.text()).toBe(true);
}

/** Rules of a studio's own that deny every ladder document: what a named database serves until the ladder's load. */
async function serveStudioRules() {
  const studioRules =
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n    match /saves/{uid} {\n      allow read: if request.auth.uid == uid;\n    }\n  }\n}\n";
  const rules = await fetch(`${emulator()}:securityRules`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ name: 'studio.rules', content: studioRules }] } }),
  });
  expect(rules.ok, await rules.text()).toBe(true);
}

async function player(name: string): Promise<Ladder> {
  const emulators = { auth: stack.authHost, firestore: stack.firestoreHost, functions: stack.functionsHost };
  const ladder = createLadder({ app: newApp(), emulators, database: DATABASE, transport: 'firestore' });
  closeAfterTest(() => ladder.close());
  await ladder.login({ provider: 'dev', name });
  return ladder;
}

/** Every document path of a database, walked down through subcollections. */
async function paths(db: Firestore): Promise<string[]> {
  const found: string[] = [];
  const walk = async (collections: CollectionReference[]) => {
    for (const collection of collections) {
      for (const ref of await collection.listDocuments()) {
        found.push(ref.path);
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await db.listCollections());
  return found.sort();
}

describe('a ladder in a named Firestore database', () => {
  beforeAll(async () => {
    // The database starts on rules that deny everything (a studio's own, say), so only a load that worked lets
    // the ladder's clients read it.
    await serveStudioRules();
    // The quickstart's two commands: the database's files and entry, then its rules on the running emulator.
    project = mkdtempSync(join(tmpdir(), 'named-database-'));
    writeFileSync(join(project, 'firebase.json'), '{\n  "firestore": { "rules": "firestore.rules" }\n}\n');
    await ladderFirestore(['database', DATABASE, 'firebase.json']);
    const loaded = await ladderFirestore([
      'emulator',
      DATABASE,
      'firebase.json',
      '--project',
      inject('endpoints').projectId,
    ]);
    expect(loaded.stdout).toMatch(/serves firestore\.ladder\.rules on database "ladder"/);
    await clearLadderDatabase();
    stack = await startStack({ output: 'files', extra: { env: { LADDER_CONFIG: CONFIG } } });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await clearLadderDatabase();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('ladder-firestore emulator exits 1 naming the answer when no emulator takes the rules', async () => {
    // The Auth emulator answers the rules endpoint with a 404, as the Firestore emulator does a request without
    // a JSON content type: the command fails, naming the status.
    const refused = ladderFirestore(['emulator', DATABASE, 'firebase.json', '--project', 'demo-x'], {
      FIRESTORE_EMULATOR_HOST: inject('endpoints').authHost,
    });
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/refused the rules of "ladder": 404/),
    });
    const nobody = ladderFirestore(['emulator', DATABASE, 'firebase.json', '--project', 'demo-x'], {
      FIRESTORE_EMULATOR_HOST: '127.0.0.1:9',
    });
    await expect(nobody).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no Firestore emulator answered/),
    });
  });

  it('plays a 1v1 through the SDK with every document in the named database and none in the default one', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')];
    const annMatch = await ann.queue('1v1');
    await reach(annMatch, 'queued');
    const bobMatch = await bob.queue('1v1');
    // Ann's listeners on the named database see the room Bob's enqueue formed.
    const active = await reach(annMatch, 'active');
    await annMatch.reportOutcome('win');
    await bobMatch.reportOutcome('loss');
    const [won, lost] = await Promise.all([reach(annMatch, 'settled'), reach(bobMatch, 'settled')]);
    expect(won.ratingChange.delta).toBeGreaterThan(0);
    expect(lost.ratingChange.delta).toBe(-won.ratingChange.delta);
    // The SDK's other reads come from the named database too.
    expect((await ann.profile()).player.ladders.solo?.rating).toBe(won.ratingChange.after);
    expect((await ann.history()).map((row) => row.id)).toEqual([active.room.id]);

    const ladderDb = getFirestore(app, DATABASE);
    const stored = await paths(ladderDb);
    expect(stored).toEqual(
      expect.arrayContaining([
        `players/${ann.uid}`,
        `players/${bob.uid}`,
        `playerStates/${ann.uid}`,
        `rooms/${active.room.id}`,
      ]),
    );
    expect((await ladderDb.doc(`rooms/${active.room.id}`).get()).get('status')).toBe('settled');
    expect(await paths(getFirestore(app))).toEqual([]);
  });

  it('says loudly, naming the rules and the command, when the database serves rules that deny the ladder its reads', async () => {
    await serveStudioRules();
    const console_ = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const ann = await player('Ann');
      const match = await ann.queue('1v1');
      const denied = await new Promise<LadderError>((resolve) => match.onError(resolve));
      expect(denied.code).toBe('permission-denied');
      expect(denied.message).toMatch(/database "ladder", which the ladder's security rules allow/);
      expect(denied.message).toMatch(/npx ladder-firestore emulator ladder path\/to\/firebase\.json/);
      // Said on the console once, for a game that listens to no errors, however often the listener retries.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const said = console_.mock.calls.filter(([line]) => String(line).includes('not serving the ladder'));
      expect(said).toHaveLength(1);
    } finally {
      console_.mockRestore();
      await ladderFirestore(['emulator', DATABASE, 'firebase.json', '--project', inject('endpoints').projectId]);
    }
  });
});
