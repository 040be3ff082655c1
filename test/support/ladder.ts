import { expect } from 'vitest';
import type { FirebaseApp } from 'firebase/app';
import {
  createLadder,
  type EmulatorHosts,
  type Ladder,
  type Match,
  type MatchStatus,
  type MatchStatusKind,
} from '@ladder/client';
import { firebaseServices } from '@ladder/client/firestore';
import { closeAfterTest, emulatorHosts, newApp } from './client.js';

/** A fresh app whose services already talk to the emulators, for code that calls `createLadder({ app })` alone. */
export function emulatorApp(): FirebaseApp {
  const app = newApp();
  firebaseServices(app, emulatorHosts());
  return app;
}

/** A game client built on @ladder/client, signed in with the dev login; `via` reroutes an emulator (say through a relay). */
export async function ladderPlayer(name: string, via: Partial<EmulatorHosts> = {}, build?: string): Promise<Ladder> {
  const ladder = createLadder({ app: newApp(), emulators: { ...emulatorHosts(), ...via }, ...(build && { build }) });
  closeAfterTest(() => ladder.close());
  await ladder.login({ provider: 'dev', name });
  return ladder;
}

export const ladderPlayers = <const N extends string[]>(...names: N) =>
  Promise.all(names.map((name) => ladderPlayer(name))) as Promise<{ [K in keyof N]: Ladder }>;

/** The kinds of status a match goes through, without the repeats of the once-a-second `queued` updates. */
export function kindsOf(match: Match): MatchStatusKind[] {
  const kinds: MatchStatusKind[] = [];
  match.onStatus((status) => {
    if (kinds.at(-1) !== status.kind) kinds.push(status.kind);
  });
  return kinds;
}

/** Waits for the match to reach a status of this kind; fails with what it ended in instead. */
export async function reach<K extends MatchStatusKind>(
  match: Match,
  kind: K,
): Promise<Extract<MatchStatus, { kind: K }>> {
  const status = await match.until(kind);
  if (status.kind !== kind)
    throw new Error(`expected the match to reach ${kind}, but it ended: ${JSON.stringify(status)}`);
  return status as Extract<MatchStatus, { kind: K }>;
}

/** Fails with what the matches went through, rather than a bare timeout, when a step does not come. */
export async function within<T>(step: string, work: Promise<T>, seen: () => unknown, ms = 60_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not within ${ms} ms; so far ${JSON.stringify(seen())}`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a party game needs of a game client, whichever entry (`@ladder/client` or `/http`) built it. */
type PartyPlayer = Pick<Ladder, 'party' | 'queue' | 'onMatch'>;

const nextMatch = (ladder: PartyPlayer) => new Promise<Match>((resolve) => ladder.onMatch(resolve));

/**
 * A 2v2 of two parties, P (p1 leads p2) and Q: the members are handed their leader's match, everyone passes the
 * ready check, P reports a win and Q a loss, and all four see the settlement. Every step is named, so a run that
 * stalls says where, and what each of the four saw.
 */
export async function playPartyGame([p1, p2, q1, q2]: [PartyPlayer, PartyPlayer, PartyPlayer, PartyPlayer]) {
  await p2.party.join((await p1.party.create()).code);
  await q2.party.join((await q1.party.create()).code);
  const [mateP, mateQ] = [nextMatch(p2), nextMatch(q2)];
  const leadP = await p1.queue('2v2');
  const matesP = await within('handing the match to the first mate', mateP, () => leadP.status?.kind);
  expect(matesP.ticketId).toBe(leadP.ticketId);
  await within('the first mate seeing the ticket queued', reach(matesP, 'queued'), () => matesP.status?.kind);
  const leadQ = await q1.queue('2v2');
  const matesQ = await within('handing the match to the other mate', mateQ, () => leadQ.status?.kind);
  const all = [leadP, matesP, leadQ, matesQ];
  const kinds = all.map(kindsOf);
  const seen = () => kinds;
  // One after another, as a lobby's players would: concurrent first calls each start an emulator worker.
  const accepting = (async () => {
    for (const m of all) {
      await reach(m, 'pending');
      await m.accept();
    }
  })();
  await within('the ready check', accepting, seen);
  await within('the game', Promise.all(all.map((m) => reach(m, 'active'))), seen);
  const reports = (async () => {
    await matesP.reportOutcome('win');
    await leadQ.reportOutcome('loss');
  })();
  await within('the reports', reports, seen);
  const settled = await within('the settlement', Promise.all(all.map((m) => reach(m, 'settled'))), seen);
  for (const s of settled.slice(0, 2)) expect(s).toMatchObject({ outcome: 'win' });
  for (const s of settled.slice(2)) expect(s).toMatchObject({ outcome: 'loss' });
  for (const k of kinds) expect(k.slice(-3)).toEqual(['pending', 'active', 'settled']);
}
