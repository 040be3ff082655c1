/**
 * `npm run check-invariants`: reads the whole database of a running stack (`npm start`, or the emulators named
 * by FIRESTORE_EMULATOR_HOST) and checks every invariant; exits 1 naming the documents of any violation.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorEnv, PROJECT_ID, ROOT } from '../scripts/emulators.js';

function useRunningStack() {
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    process.env.GCLOUD_PROJECT ??= PROJECT_ID;
    return;
  }
  const file = join(ROOT, '.emulators/stack.json');
  const state = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!state.firestoreHost) {
    console.error('No running stack: start one with `npm start`, or set FIRESTORE_EMULATOR_HOST.');
    process.exit(2);
  }
  Object.assign(process.env, emulatorEnv(state));
  // The functions of that stack loaded this configuration; the checker must judge by the same one.
  if (state.ladderConfig && !process.env.LADDER_CONFIG) process.env.LADDER_CONFIG = state.ladderConfig;
}

useRunningStack();
const { config, db } = (await import('../scripts/ladderContext.js')).envContext();
const { checkInvariants, describeViolations, readSnapshot } = await import('./invariants.js');

const snapshot = await readSnapshot(db);
const found = checkInvariants(snapshot, config);
const counts = `${snapshot.tickets.length} tickets, ${snapshot.rooms.length} rooms, ${snapshot.players.length} players, ${snapshot.parties.length} parties`;
if (found.length) {
  console.error(`${found.length} invariant violations in ${counts}:\n${describeViolations(found)}`);
  process.exit(1);
}
console.log(`Every invariant holds (${counts}).`);
process.exit(0);
