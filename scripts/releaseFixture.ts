/**
 * Writes the database a release leaves after a little play, for the upgrade test of the next release:
 * `npx tsx scripts/releaseFixture.ts test/fixtures/release-<version>.json`, run on that release's commit. Ann
 * beats Bob in a 1v1 and Bob forms a party; every document is then dumped.
 */
import { writeFileSync } from 'node:fs';
import { deleteApp, initializeApp } from 'firebase/app';
import { createLadder } from '../client/src/index.js';
import { dumpDatabase } from '../test/support/database.js';
import { clearEmulators } from './clear.js';
import { emulatorEnv, emulatorHostsOf, ROOT, startStack } from './emulators.js';

const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/releaseFixture.ts <output.json>');
process.env.LADDER_CONFIG ??= `${ROOT}/test/ladder.config.json`;
const stack = await startStack({ output: 'files', reuse: true });
Object.assign(process.env, emulatorEnv(stack));
await clearEmulators(stack);
const emulators = emulatorHostsOf(stack);

const player = async (name: string) => {
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, name);
  const ladder = createLadder({ app, emulators });
  await ladder.login({ provider: 'dev', name });
  return { app, ladder };
};
const players = [await player('Ann'), await player('Bob')];
const matches = [];
for (const { ladder } of players) matches.push(await ladder.queue('1v1'));
await Promise.all(
  matches.map(async (match, i) => {
    match.onStatus((s) => {
      if (s.kind === 'pending' && !s.youAccepted) void match.accept();
    });
    await match.until('active');
    await match.reportOutcome(i === 0 ? 'win' : 'loss');
    const end = await match.until('settled');
    if (end.kind !== 'settled') throw new Error(`the game ended ${end.kind}`);
  }),
);
await players[1]!.ladder.party.create();

const { db } = (await import('./ladderContext.js')).envContext();
writeFileSync(out, `${JSON.stringify(await dumpDatabase(db), null, 1)}\n`);
for (const { app, ladder } of players) {
  ladder.close();
  await deleteApp(app);
}
await stack.stop();
console.log(`wrote ${out}`);
