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
