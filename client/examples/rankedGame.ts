import type { FirebaseApp } from 'firebase/app';
import { createLadder, describeRoom, type Outcome, type Room } from '@ladder/client';
/** One ranked game, from sign-in to the rating change and the leaderboard. `play` runs your game. */
export async function rankedGame(app: FirebaseApp, mode: string, play: (room: Room) => Promise<Outcome>) {
  const ladder = createLadder({ app });
  try {
    await ladder.signInAnonymously();
    const match = await ladder.queue(mode); // heartbeats are sent while the ticket waits
    match.onStatus((s) => {
      if (s.kind === 'queued') console.log(`waited ${s.waitedSeconds} s, usually ${s.estimatedWaitSeconds ?? '?'} s`);
      if (s.kind === 'pending' && !s.youAccepted) void match.accept(); // the ready check
    });
    const start = await match.until('active'); // or how it ended: expired, cancelled, …
    if (start.kind !== 'active') return start;
    const { myWinChance } = describeRoom(start.room, ladder.uid);
    console.log(`playing, predicted win chance ${Math.round(100 * (myWinChance ?? 0.5))} %`);
    await match.reportOutcome(await play(start.room));
    const end = await match.until('settled');
    if (end.kind === 'settled') {
      const { before, after, delta } = end.ratingChange;
      console.log(`${end.outcome}: ${before} → ${after} (${delta > 0 ? '+' : ''}${delta})`);
    }
    const board = await ladder.leaderboard(start.room.ladder, 10);
    for (const row of board.top) console.log(`${row.rank}. ${row.displayName} ${row.rating}`);
    return end;
  } finally {
    ladder.close(); // stops its listeners and heartbeats, however the game ended
  }
}
