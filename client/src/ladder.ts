import type { LadderError } from './errors.js';
import { MatchSubscription, type Match, type MatchOptions } from './match.js';
import { watchMatches } from './matches.js';
import { PartyApi } from './party.js';
import { playerAsOf } from './rank.js';
import type { Where } from './regions.js';
import { requireDocs, type Services } from './services.js';
import * as session from './session.js';
import type {
  Asking,
  BlockedPlayer,
  Catalog,
  EnqueueResult,
  FinalRow,
  Leaderboard,
  LeaderboardAsk,
  LoginInput,
  Player,
  Profile,
  QueueStats,
  Room,
  SeasonClose,
  Seasons,
  Unsubscribe,
  HistoryEntry,
  MyData,
} from './types.js';

const ignore = () => {};

/** One player's connection to the ladder backend. Create it with `createLadder`. */
export class Ladder {
  private readonly open = new Set<{ close(): void }>();
  private readonly build: string | undefined;
  private catalog: Promise<Catalog> | undefined;
  readonly party: PartyApi;

  /** Built by an entry point's `createLadder`, which chooses how the services reach the backend. */
  constructor(
    private readonly services: Services,
    build?: string,
  ) {
    this.build = build;
    this.party = new PartyApi(
      this.services,
      () => this.uid,
      (unsubscribe) => this.track(unsubscribe),
    );
  }

  /** The signed-in player's uid; throws `unauthenticated` before sign-in. */
  get uid(): string {
    return session.currentUid(this.services);
  }

  /**
   * The deployment's modes (format, party capacity, regions, ticket time-to-live, ready check, rematch) and
   * ladders (tiers), asked once and kept; works before sign-in. A game offers these instead of a copy.
   */
  modes(): Promise<Catalog> {
    this.catalog ??= this.services.call('getModes', {}).catch((error: unknown) => {
      this.catalog = undefined;
      throw error;
    });
    return this.catalog;
  }

  /** Resolves once a persisted session (if any) is restored: its uid, or null. */
  restoreSession(): Promise<string | null> {
    return session.restoreSession(this.services);
  }

  signInAnonymously(): Promise<string> {
    return session.signInAnonymously(this.services);
  }

  /** Signs in with a platform login: `{ provider: 'wechat', code }` from `wx.login()`, or `{ provider: 'dev', name }` on the emulators. */
  login(input: LoginInput): Promise<{ uid: string; displayName: string }> {
    return session.login(this.services, input);
  }

  /** Closes every subscription of this player, then signs out. */
  async signOut(): Promise<void> {
    this.close();
    await session.signOut(this.services);
  }

  /**
   * Deletes the player's account (App Store guideline 5.1.1, GDPR erasure): profile, state, history, party
   * membership, block lists and the sign-in go; rooms keep "deleted player". Closes this player's subscriptions
   * and signs out afterwards. Refused while the player is in a live game.
   */
  async deleteAccount(): Promise<void> {
    await this.services.call('deleteAccount', {});
    await this.signOut();
  }

  /**
   * The player's history, newest first: settled games (each read from its room), operator adjustments and the
   * reversals of voided games. `limit` 1–100 (default 20); for the next page pass the last row's `settledAt` as
   * `before`. Works on every platform (no Firestore query on the client).
   */
  history(page: { limit?: number; before?: number } = {}): Promise<HistoryEntry[]> {
    return this.services.call('getHistory', page).then(({ rows }) => rows);
  }

  /** Everything stored about the player, as one JSON-serialisable object (GDPR access and portability). */
  exportMyData(): Promise<MyData> {
    return this.services.call('exportMyData', {});
  }

  /** The player's profile, private state and presence; the first call creates the profile. */
  profile(): Promise<Profile> {
    return this.services.call('getProfile', {});
  }

  async setDisplayName(displayName: string): Promise<Player> {
    return (await this.services.call('setDisplayName', { displayName })).player;
  }

  /** The player's public profile (name, ratings, records) as it changes. */
  onPlayer(
    listener: (player: Player | undefined) => void,
    onError: (error: LadderError) => void = ignore,
  ): Unsubscribe {
    const withRanksNow = (player: Player | undefined) => listener(player && playerAsOf(player));
    const docs = requireDocs(this.services, 'onPlayer');
    return this.track(docs.listen<Player>(`players/${this.uid}`, withRanksNow, onError));
  }

  /**
   * Queues (a party leader queues the whole party). Most games want `queue`, which also follows the ticket. A
   * regional mode needs `where`: the player's region, or round trips from `measureRegions`. The answer's `pool`
   * is the pool joined (`1v1@eu` for a regional mode, `1v1~1.4` for a build group). The `build` given to
   * `createLadder` goes with it. `choices`: what the player accepts of the mode's choices (maps, say: see
   * `getModes`); the room plays a value everyone in it accepts, named in its `agreed`. `alsoModes`: other modes
   * to wait in at once; the first to match seats the player and ends the rest.
   */
  enqueue(mode: string, asked: Where & Asking = {}): Promise<EnqueueResult> {
    return this.services.call('enqueue', {
      mode,
      ...asked,
      ...(this.build === undefined ? {} : { build: this.build }),
    });
  }

  /** Queues and follows the ticket to its end; heartbeats are sent while it waits. */
  async queue(mode: string, options: MatchOptions & Where & Asking = {}): Promise<Match> {
    const uid = this.uid;
    const { region, rtts, choices, alsoModes, ...matchOptions } = options;
    const asked = {
      ...(region === undefined ? {} : { region }),
      ...(rtts === undefined ? {} : { rtts }),
      ...(choices === undefined ? {} : { choices }),
      ...(alsoModes === undefined ? {} : { alsoModes }),
    };
    const { ticketId, room, pool, ttlSeconds } = await this.enqueue(mode, asked);
    return this.keep(new MatchSubscription(this.services, uid, { ticketId, pool, room, ttlSeconds }, matchOptions));
  }

  /**
   * Hands over a Match for every ticket the player is put on from now on, by their own `enqueue` or by their
   * party leader, and for a live one they are already on (say after a restart). For lobbies and party members.
   * Unsubscribing stops new hand-overs only: a Match already handed over lives until it ends or is closed
   * (or until `close`/`signOut` of this Ladder).
   */
  onMatch(
    listener: (match: Match) => void,
    options: MatchOptions = {},
    onError: (error: LadderError) => void = ignore,
  ): Unsubscribe {
    const handOver = (match: MatchSubscription) => listener(this.keep(match));
    return this.track(watchMatches(this.services, this.uid, handOver, options, onError));
  }

  /** Takes the player's ticket (their party's) out of the queue; false if there was none. */
  async cancelQueue(): Promise<boolean> {
    const { cancelled, ticket } = await this.services.call('cancelQueue', {});
    if (ticket) for (const open of this.open) if (open instanceof MatchSubscription) open.learnTicket(ticket);
    return cancelled;
  }

  /**
   * The top of a ladder ('solo' for 1v1, 'team' for larger modes by default) and the caller's rank; with an
   * ask instead of a limit, the rows around the caller (`around`) or a friends list's ranks (`players`).
   */
  leaderboard(ladder: string, ask?: number | LeaderboardAsk): Promise<Leaderboard> {
    if (typeof ask === 'number') return this.services.call('getLeaderboard', { ladder, limit: ask });
    return this.services.call('getLeaderboard', { ladder, ...ask });
  }

  /**
   * A ladder's seasons: the current one (with `timeLeftMs` until it ends; null off-season), the next, and the
   * past ones with the player's finish in each.
   */
  async seasons(ladder: string): Promise<Seasons & { timeLeftMs: number | null }> {
    const calendar = await this.services.call('getSeasons', { ladder });
    return { ...calendar, timeLeftMs: calendar.current ? calendar.current.end - calendar.now : null };
  }

  /** A closed season's final leaderboard (the best 100); null until its close has finished. */
  async seasonLeaderboard(ladder: string, season: string): Promise<FinalRow[] | null> {
    const docs = requireDocs(this.services, 'seasonLeaderboard');
    const close = await docs.read<SeasonClose>(`ladders/${ladder}/closes/${season}`);
    return close?.phase === 'done' ? close.top : null;
  }

  /** Never puts the player in one room with `uid` again, on either side (at most 100 blocked); the new list. */
  async blockPlayer(uid: string): Promise<BlockedPlayer[]> {
    return (await this.services.call('blockPlayer', { uid })).blocked;
  }

  async unblockPlayer(uid: string): Promise<BlockedPlayer[]> {
    return (await this.services.call('unblockPlayer', { uid })).blocked;
  }

  /** Whom the player blocked; private to them. */
  async blockList(): Promise<BlockedPlayer[]> {
    return (await this.services.call('getBlockList', {})).blocked;
  }

  /** Leaves a started game (a loss for the player's side, on their leave record); the room as it now is. */
  async forfeit(roomId: string): Promise<Room> {
    return (await this.services.call('forfeit', { roomId })).room;
  }

  /** A mode's queue statistics (a regional mode's per region: `1v1@eu`) as last written; null before the first. */
  async queueStats(mode: string): Promise<QueueStats | null> {
    return (await requireDocs(this.services, 'queueStats').read<QueueStats>(`pools/${mode}`)) ?? null;
  }

  onQueueStats(
    mode: string,
    listener: (stats: QueueStats | null) => void,
    onError: (error: LadderError) => void = ignore,
  ): Unsubscribe {
    const docs = requireDocs(this.services, 'onQueueStats');
    return this.track(docs.listen<QueueStats>(`pools/${mode}`, (stats) => listener(stats ?? null), onError));
  }

  /** Stops every listener, heartbeat and match subscription this Ladder started. */
  close() {
    for (const subscription of this.open) subscription.close();
    this.open.clear();
  }

  /** A Match the caller now holds: `close` ends it too. Ended ones are forgotten as new ones come. */
  private keep(match: MatchSubscription): MatchSubscription {
    for (const earlier of this.open)
      if (earlier instanceof MatchSubscription && earlier.ended) this.open.delete(earlier);
    this.open.add(match);
    return match;
  }

  private track(unsubscribe: Unsubscribe): Unsubscribe {
    const subscription = { close: unsubscribe };
    this.open.add(subscription);
    return () => {
      this.open.delete(subscription);
      unsubscribe();
    };
  }
}
