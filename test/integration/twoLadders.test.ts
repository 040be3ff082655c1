/**
 * Two ladders in one functions codebase (test/fixtures/twoLadders: `exports.ladder` and `exports.arena`, each
 * `createLadderFunctions` with its own configuration and named database), loaded by one Functions emulator beside
 * the test stack. The same two players play a 1v1 in each through the SDK (`group: 'arena'` for the second): each
 * database holds only its own ladder's documents, and neither ladder's callables see the other's. In one process
 * (the emulator gives each function a worker of its own), two contexts keep their caches and op counts apart.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLadder, type Ladder } from '@ladder/client';
import { startStack, type Stack } from '../../scripts/emulators.js';
import { app } from '../../functions/src/store/firestore/db.js';
import { modePauseRef } from '../../functions/src/store/firestore/refs.js';
import { assertPoolOpen } from '../../functions/src/store/pauses.js';
import { closeAfterTest, newApp } from '../support/client.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { reach } from '../support/ladder.js';
import { poolId } from '../support/ids.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../functions/lib/install/cli.js', import.meta.url));
const LADDER = useTestConfig('two-ladders-ladder', (config) => {
  config.firestore = { database: 'ladder' };
});
// The arena starts its players lower and has a mode of its own.
const ARENA = useTestConfig('two-ladders-arena', (config) => {
  config.firestore = { database: 'arena' };
  config.ladders.solo.initialRating = 1000;
  config.modes.arena = config.modes['1v1'];
});
const GROUPS = {
  ladder: { database: 'ladder', mode: '1v1', initial: 1500 },
  arena: { database: 'arena', mode: 'arena', initial: 1000 },
};
type Group = keyof typeof GROUPS;

let stack: Stack;
let project: string;

const endpoint = (database: string) => {
  const { firestoreHost, projectId } = inject('endpoints');
  return `http://${firestoreHost}/emulator/v1/projects/${projectId}/databases/${database}/documents`;
};

/** Empties a named database (the test stack's clearing between tests empties only the default one). */
async function clear(database: string) {
  const response = await fetch(endpoint(database), { method: 'DELETE' });
  expect(response.ok, await response.text()).toBe(true);
}

/** The ladder's rules on each named database, loaded as the quickstart does. */
async function loadRules() {
  project = mkdtempSync(join(tmpdir(), 'two-ladders-'));
  writeFileSync(join(project, 'firebase.json'), '{\n  "firestore": { "rules": "firestore.rules" }\n}\n');
  for (const { database } of Object.values(GROUPS)) {
    const ladderFirestore = (args: string[]) => run(process.execPath, [CLI, ...args], { cwd: project });
    await ladderFirestore(['database', database, 'firebase.json']);
    await ladderFirestore(['emulator', database, 'firebase.json', '--project', inject('endpoints').projectId]);
  }
}

async function player(name: string, group: Group): Promise<Ladder> {
  const emulators = { auth: stack.authHost, firestore: stack.firestoreHost, functions: stack.functionsHost };
  const { database } = GROUPS[group];
  const ladder = createLadder({ app: newApp(), emulators, database, group, transport: 'firestore' });
  closeAfterTest(() => ladder.close());
  await ladder.login({ provider: 'dev', name });
  return ladder;
}

/** Ann beats Bob in the group's mode; the room's id. */
async function play(group: Group) {
  const [ann, bob] = [await player('Ann', group), await player('Bob', group)];
  const annMatch = await ann.queue(GROUPS[group].mode);
  await reach(annMatch, 'queued');
  const bobMatch = await bob.queue(GROUPS[group].mode);
  const active = await reach(annMatch, 'active');
  await annMatch.reportOutcome('win');
  await bobMatch.reportOutcome('loss');
  const won = await reach(annMatch, 'settled');
  await reach(bobMatch, 'settled');
  expect(won.ratingChange.after).toBe(GROUPS[group].initial + won.ratingChange.delta);
  return { ann, bob, room: active.room.id };
}

const ids = async (db: Firestore, collection: string) =>
  (await db.collection(collection).listDocuments()).map((d) => d.id);

describe('two ladders in one codebase', () => {
  beforeAll(async () => {
    await loadRules();
    await Promise.all(Object.values(GROUPS).map(({ database }) => clear(database)));
    stack = await startStack({
      output: 'files',
      extra: { env: { LADDER_CONFIG: LADDER, ARENA_CONFIG: ARENA }, functions: 'test/fixtures/twoLadders' },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await Promise.all(Object.values(GROUPS).map(({ database }) => clear(database)));
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('plays a 1v1 in each, each in its own database, neither seen by the other', async () => {
    const ladder = await play('ladder');
    const arena = await play('arena');
    expect(new Set([ladder.ann.uid, arena.ann.uid]).size).toBe(1);

    const [ladderDb, arenaDb] = [getFirestore(app, 'ladder'), getFirestore(app, 'arena')];
    expect(await ids(ladderDb, 'rooms')).toEqual([ladder.room]);
    expect(await ids(arenaDb, 'rooms')).toEqual([arena.room]);
    expect((await ids(ladderDb, 'players')).sort()).toEqual([ladder.ann.uid, ladder.bob.uid].sort());
    expect((await ids(arenaDb, 'players')).sort()).toEqual([arena.ann.uid, arena.bob.uid].sort());
    expect(await getFirestore(app).listCollections()).toEqual([]);

    // Each group's callables read their own database only: the same player's history and rating differ.
    expect((await ladder.ann.history()).map((row) => row.id)).toEqual([ladder.room]);
    expect((await arena.ann.history()).map((row) => row.id)).toEqual([arena.room]);
    const [ladderRating, arenaRating] = [
      (await ladder.ann.profile()).player.ladders.solo?.rating,
      (await arena.ann.profile()).player.ladders.solo?.rating,
    ];
    expect(ladderRating! - GROUPS.ladder.initial).toBe(arenaRating! - GROUPS.arena.initial);
    // A mode only the arena configures is unknown to the other group.
    await expect(ladder.ann.queue('arena')).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it('keeps what an instance holds between calls apart for two ladders in one process', async () => {
    const [ladder, arena] = [testContext(LADDER), testContext(ARENA)];
    // The arena finds its 1v1 open and trusts that for a while; the other ladder's pool of the same id is not.
    await assertPoolOpen(arena, arena.poolOf(poolId('1v1')));
    const pause = { target: '1v1', message: 'Back soon', by: 'test', at: ladder.clock.now() };
    await modePauseRef(ladder, '1v1').set(pause);
    await expect(assertPoolOpen(ladder, ladder.poolOf(poolId('1v1')))).rejects.toMatchObject({
      code: 'failed-precondition',
    });
    // Each counted its own read only.
    expect(ladder.ops.byKind.modePauses).toEqual({ reads: 1, writes: 0 });
    expect(arena.ops.byKind.modePauses).toEqual({ reads: 1, writes: 0 });
  });
});
