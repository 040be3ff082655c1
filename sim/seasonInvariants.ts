/**
 * The invariants seasons add: a closed season leaves nobody in it, ranks every placed archive, and archives
 * everyone who played a game in it; a player's rating chains through their games and each season's reset once.
 */
import { DELETED_NAME } from '../functions/src/core/player/deletion.js';
import type { AppConfig } from '../functions/src/core/config.js';
import type { HistoryRow } from '../functions/src/core/room/history.js';
import type { Player } from '../functions/src/core/player/player.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { SeasonArchive, SeasonClose } from '../functions/src/core/ladder/season.js';

type Violation = (invariant: string, documents: string[], detail: string) => void;

export interface SeasonSnapshot {
  players: Player[];
  rooms: RoomDoc[];
  archives: SeasonArchive[];
  closes: SeasonClose[];
}

const archivePath = (a: Pick<SeasonArchive, 'uid' | 'season'>) => `players/${a.uid}/seasons/${a.season}`;

/**
 * A player's rating on a ladder replayed from their history and their season archives, in time order (a reset
 * archived in a settlement comes before that settlement's game): each archive must find the rating it
 * recorded and sets the reset one. The replayed rating, or a description of where the chain breaks.
 */
export function replayRating(
  initial: number,
  rows: readonly Pick<HistoryRow, 'delta' | 'settledAt' | 'roomId'>[],
  archives: readonly SeasonArchive[],
): { rating: number; broken: string | null } {
  const events = [
    ...archives.map((a) => ({ at: a.closedAt, order: 0, archive: a, delta: 0 })),
    ...rows.map((h) => ({ at: h.settledAt, order: 1, archive: null, delta: h.delta })),
  ].sort((x, y) => x.at - y.at || x.order - y.order);
  let rating = initial;
  for (const event of events) {
    if (!event.archive) {
      rating += event.delta;
      continue;
    }
    if (event.archive.rating !== rating) {
      return { rating, broken: `season ${event.archive.season} archived ${event.archive.rating}, games say ${rating}` };
    }
    rating = event.archive.resetTo;
  }
  return { rating, broken: null };
}

export function checkSeasons(snapshot: SeasonSnapshot, config: AppConfig, violation: Violation) {
  for (const close of snapshot.closes.filter((c) => c.phase === 'done')) {
    const { ladder, season } = close;
    const still = snapshot.players.filter((p) => p.ladders[ladder]?.season === season);
    if (still.length > 0) {
      violation(
        'a closed season leaves nobody in it',
        still.map((p) => `players/${p.uid}`),
        `${ladder} ${season}`,
      );
    }
    const archives = snapshot.archives.filter((a) => a.ladder === ladder && a.season === season);
    for (const a of archives.filter((x) => x.placed !== (x.rank !== null))) {
      violation(
        'a closed season ranks exactly its placed players',
        [archivePath(a)],
        `placed ${a.placed}, rank ${a.rank}`,
      );
    }
    const archived = new Set(archives.map((a) => a.uid));
    for (const room of snapshot.rooms) {
      // A game against bots counts for no standing, so for no season.
      if (room.ladder !== ladder || room.season !== season || room.status !== 'settled' || room.bots.length) continue;
      // A deleted player's archives went with their account; the room names them as deleted.
      for (const uid of room.memberUids.filter((u) => !archived.has(u) && room.names[u] !== DELETED_NAME)) {
        violation(
          'everyone who played a closed season has one archive row for it',
          [`rooms/${room.id}`, archivePath({ uid, season })],
          `${ladder} ${season}: missing`,
        );
      }
    }
  }
  for (const a of snapshot.archives.filter((x) => !config.ladders[x.ladder]?.seasons.some((s) => s.id === x.season))) {
    violation('archives name a configured season', [archivePath(a)], `${a.ladder} ${a.season}`);
  }
}
