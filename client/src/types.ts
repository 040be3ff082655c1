/**
 * The documents and call results the client reads, as plain types. They mirror the server's zod schemas
 * (functions/src/core) without importing them, so `dist/` carries no server code; a type test
 * (test/core/clientTypes.test.ts) fails the typecheck if the two drift apart.
 */

/** Where a rating sits in a ladder's tier table: `division` 3 is III (lowest), null for a tier without them. */
export interface TierLabel {
  tier: string;
  division: number | null;
  /** Display names by locale: `zh` and `en` at least. */
  names: Record<string, string>;
  /** Divisions counted from the table's bottom: a higher step is a higher rank. */
  step: number;
}

/** The tier of the season's highest rating, and that rating. */
export interface PeakLabel extends TierLabel {
  rating: number;
}

/** What players see of a rating: a tier, or placement progress during a season's first games. */
export interface VisibleRank {
  /** Null during placement. */
  tier: TierLabel | null;
  placement: { played: number; of: number } | null;
  /** The tier of the season's highest rating; null during placement. */
  peak: PeakLabel | null;
  /** When the rank turns inactive without another game; null when the ladder has no inactivity rule. */
  inactiveFrom: number | null;
  inactive: boolean;
}

/** A player's rating and record on one ladder, with the rank shown for it. */
export interface Standing {
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** Games settled in the current season; the first are placement. */
  seasonGames: number;
  /** The season's highest rating. */
  peak: number;
  lastPlayedAt: number | null;
  /** The season those games and the peak belong to; null off-season or before the first game. */
  season: string | null;
  visible: VisibleRank;
  /** On a ladder rated by OpenSkill: the skill belief (mean and uncertainty) that `rating` displays. */
  skill?: { mu: number; sigma: number };
}

/** `players/{uid}`: the public profile, readable by every signed-in player. */
export interface Player {
  uid: string;
  displayName: string;
  ladders: Record<string, Standing>;
  createdAt: number;
  updatedAt: number;
}

/** `playerStates/{uid}`: the player's own pointers (latest ticket, party, ready-check cooldown). */
export interface PlayerState {
  mode: string | null;
  ticketId: string | null;
  partyId: string | null;
  cooldownUntil: number | null;
  /** Recent dodges (declined or missed ready checks), which set the next cooldown's length. */
  dodges: { count: number; lastAt: number } | null;
  /** Games the player left after they started. */
  leaves: number;
  /** Whom the player blocked. */
  blocked: BlockedPlayer[];
  /** Own reports that contradicted how the game settled. */
  falseReports: number;
  /** Whom the player met lately: their settled games counted, and each recent opponent. */
  meetings: { games: number; opponents: Meeting[] } | null;
  /** An operator's ban: in force until `until` (null: no expiry), with the reason. */
  ban: Ban | null;
  /** The open rematch request the player was asked to: queueing for another game meanwhile declines it. */
  rematchAsk: { roomId: string; deadline: number } | null;
  /**
   * The player's call bucket for the rate limit: `tokens` calls left as of `at` (refilled at the configured
   * rate), or null before their first counted call.
   */
  calls: { tokens: number; at: number } | null;
  updatedAt: number;
}

/** An opponent the player met: when last, in which of their games, and how often on that UTC day. */
export interface Meeting {
  uid: string;
  displayName: string;
  lastAt: number;
  lastGame: number;
  day: string;
  gamesThatDay: number;
}

/** An opponent a ticket's member met lately, kept from facing them again for a while. */
export interface RecentOpponent {
  uid: string;
  at: number;
  gamesAgo: number;
}

/** Where a player is, as the server derives it from their latest ticket and its room. */
export type Presence =
  | { kind: 'idle' }
  | { kind: 'queued'; ticketId: string; mode: string }
  | { kind: 'inRoom'; roomId: string; mode: string };

export interface PartyMember {
  uid: string;
  displayName: string;
  joinedAt: number;
}

/** `parties/{id}`, readable by its members. */
export interface Party {
  id: string;
  leader: string;
  members: PartyMember[];
  memberUids: string[];
  maxSize: number;
  code: string;
  codeExpiresAt: number;
  mode: string | null;
  ticketId: string | null;
  createdAt: number;
  updatedAt: number;
}

export type TicketStatus = 'queued' | 'matched' | 'cancelled' | 'expired';

/** `pools/{mode}/tickets/{id}`: one solo player or party waiting in a mode's pool (`{mode}@{region}` if regional). */
export interface Ticket {
  id: string;
  /** The pool: the mode, or for a regional mode the mode and the region (`1v1@eu`). */
  mode: string;
  members: { uid: string; rating: number }[];
  memberUids: string[];
  names: Record<string, string>;
  ranks: Record<string, VisibleRank>;
  score: number;
  partyId: string | null;
  ownerUid: string;
  enqueuedAt: number;
  expiresAt: number;
  /** The mode's time-to-live when the ticket was made (heartbeats go at 55 % of it); null in older tickets. */
  ttlSeconds: number | null;
  status: TicketStatus;
  roomId: string | null;
  endedAt: number | null;
  endReason: string | null;
  createdAt: number;
  /** Players the members blocked, kept out of the room. */
  avoid: string[];
  /** Opponents the members met lately, not faced again until the ticket has waited long enough. */
  recent: RecentOpponent[];
  /** In a regional mode, the round-trip times the client measured, by region. */
  rtts: Record<string, number> | null;
  /** The values it accepts of each of the mode's choices it named; a choice not named accepts any value. */
  choices: Record<string, string[]>;
  /**
   * The other pools the same queueing waits in (`alsoModes` of `queue`), each with a ticket of this id: when one
   * is matched, every one of them reads matched into that room.
   */
  alsoIn: string[];
}

/** `pools/{mode}`: the matcher's statistics of a mode's queue. */
export interface QueueStats {
  mode: string;
  waitingTickets: number;
  waitingPlayers: number;
  oldestWaitSeconds: number;
  /** Enqueue-to-match times of recent matches; null until there are some. */
  recentMatchWaitSeconds: { p50: number; p95: number; samples: number } | null;
  /** The same by party size ("1" … "5"), for the sizes with recent matches. */
  recentMatchWaitBySize: Record<string, { p50: number; p95: number; samples: number }>;
  unmatched: Record<string, number>;
  /** The ladder's rating bands (its tiers), lowest first; a ticket is in the band of its players' mean rating. */
  bandEdges: BandEdge[];
  /** The same figures per band, with why the band's tickets were still waiting after the latest sweep. */
  bands: Record<string, BandStats>;
  updatedAt: number;
}

export interface BandEdge {
  id: string;
  minRating: number;
}

/**
 * Why tickets are still waiting: too few players in the whole pool, too few within the spread cap of one another,
 * enough of them but no split into sides within the side-difference cap, no mix of parties the premade policy
 * allows, a party one short of a side with no solo player near its rating, a free-for-all waiting to fill, or a party too large for the mode.
 */
export type WaitReason =
  | 'notEnoughPlayers'
  | 'spreadCap'
  | 'sideDifferenceCap'
  | 'premadeImbalance'
  | 'noSoloInReach'
  | 'waitingForFill'
  | 'partyTooLarge';

export interface BandStats {
  waitingTickets: number;
  waitingPlayers: number;
  oldestWaitSeconds: number;
  recentMatchWaitSeconds: { p50: number; p95: number; samples: number } | null;
  /** Tickets of the band still waiting after the latest sweep, by `WaitReason`. */
  waitingBecause: Record<string, number>;
}

export type RoomStatus = 'pending' | 'active' | 'disputed' | 'settled' | 'voided' | 'cancelled';

/** A ticket as it was matched into a room: a party (or a solo player) with the ratings it was matched on. */
export interface RoomTicket {
  ticketId: string;
  partyId: string | null;
  ownerUid: string;
  score: number;
  enqueuedAt: number;
  members: { uid: string; rating: number }[];
  /** The pool the ticket was queued in (a regional mode: its players' own region); absent in older rooms. */
  pool?: string;
}

/** Team rooms: which side won, from side A's point of view. */
export interface TeamResult {
  outcome: 'A' | 'B' | 'draw';
}

/** Free-for-all rooms: every player's place, 1 best; equal places tie. */
export interface FreeForAllResult {
  placements: Record<string, number>;
}

export type Result = TeamResult | FreeForAllResult;

/** How a game moved a visible rank: it ended placement, crossed a division up or down, or neither (null). */
export type RankMovement = 'placed' | 'promoted' | 'demoted' | null;

export interface RatingChange {
  before: number;
  after: number;
  delta: number;
  rankBefore: VisibleRank;
  rankAfter: VisibleRank;
  movement: RankMovement;
  /** How the game went for the player (absent in rooms settled before history was read from rooms). */
  outcome: 'win' | 'loss' | 'draw' | null;
}

export interface MatchQuality {
  spread: number;
  sideDifference: number | null;
  /** ELO expectation of side A against side B; null in free-for-all. */
  winProbabilityA: number | null;
  waitSeconds: Record<string, number>;
}

/** `rooms/{id}`, readable by its players. Team rooms: sides[0] is A, sides[1] is B; free-for-all: one side. */
export interface Room {
  id: string;
  mode: string;
  ladder: string;
  kind: 'team' | 'ffa';
  sides: { tickets: RoomTicket[] }[];
  memberUids: string[];
  names: Record<string, string>;
  /** Each player's visible rank when they queued. */
  ranks: Record<string, VisibleRank>;
  /** The ladder's season when the room formed: the game counts for it, however late it settles. */
  season: string | null;
  proposedAt: number;
  quality: MatchQuality;
  status: RoomStatus;
  readyCheck: { deadline: number; accepted: string[]; declined: string[] } | null;
  reportDeadline: number | null;
  reports: Record<string, { result: Result; at: number; authoritative: boolean }>;
  result: Result | null;
  ratingChanges: Record<string, RatingChange> | null;
  createdAt: number;
  updatedAt: number;
  endedAt: number | null;
  endReason: string | null;
  /** Players who left the game once it started. */
  forfeits: string[];
  /** Set when the mode counts silence as leaving: the players' clients heartbeat during the game. */
  leaveAfterSilentSeconds: number | null;
  /** Set when the game settled unrated: why, and the pairs of opponents past the daily cap. */
  unrated: { reason: string; pairs: { a: string; b: string; games: number }[] } | null;
  /** The region the room plays in, for a regional mode; else null. */
  region: string | null;
  /** Set when an operator voided the settled game: its rating changes were reversed (it stays `settled`). */
  voided: { at: number; by: string; reason: string } | null;
  /** On a settled room: who asked to play it again, until when, and the new room once everyone asked. */
  rematch: RematchState | null;
  /** The settled room this one replays, for a rematch; null for a room from the queue. */
  rematchOf: string | null;
  /** Bots seated after a long wait, which the game plays; they report nothing and are never rated. */
  bots: BotSeat[];
  /** The value of each of the mode's choices the room plays (the map, say); empty when the mode has none. */
  agreed: Record<string, string>;
  /**
   * In a free-for-all mode with backfill, set when play starts: until when the room takes late joiners, whether
   * their games are rated, and its most players. Null otherwise.
   */
  backfill: { until: number; rated: boolean; maxPlayers: number } | null;
  /** The players who joined the game in progress, each with when: `Match.joinedLate` says whether it was you. */
  late: Record<string, number>;
  /** The end of the backfill window while the room has seats open, else null. */
  openUntil: number | null;
}

/** A bot in a room: its seat number within the room, its side (0 is A; free-for-all: 0), rating and name. */
export interface BotSeat {
  seat: number;
  side: number;
  rating: number;
  name: string;
}

/**
 * A settled room's rematch request: formed at once when every player asks before `deadline`; over once the
 * deadline passed or a player declined, when the next ask starts a fresh request.
 */
export interface RematchState {
  asked: string[];
  deadline: number;
  /** The rematch's room, once everyone asked. */
  roomId: string | null;
  /** Why the rematch would not be rated (the daily cap of games between two players); null when rated. */
  unrated: string | null;
  /** Who turned the request down: said no (`declineRematch`), or queued for another game; null while nobody has. */
  declined: { uid: string; at: number; reason: 'declined' | 'queued' } | null;
}

/** How a game ended for one player. */
export type Outcome = 'win' | 'loss' | 'draw';

/**
 * A row of the player's history (`getHistory`, `ladder.history()`): a settled game (its id is the room's; read from
 * the room), an operator adjustment (`adjust:{auditId}`) or a voided game's reversal (`void:{roomId}`), the
 * latter two stored at `players/{uid}/history/{id}`, the player's own.
 */
export interface HistoryRow {
  /** The room played or voided; null for an adjustment. */
  roomId: string | null;
  mode: string | null;
  ladder: string;
  /** Null for an adjustment or a void, which are no games. */
  outcome: Outcome | null;
  ratingBefore: number;
  ratingAfter: number;
  delta: number;
  settledAt: number;
  /** Why the game changed no rating, or null for a rated game. */
  unrated: string | null;
  kind: 'game' | 'adjustment' | 'void';
  /** The operator's reason for an adjustment or a void. */
  reason: string | null;
  /** On a game's row: when an operator voided it. */
  voidedAt: number | null;
  /** On a game's row: whether bots took seats in it (such a game moves no rating). */
  bots: boolean;
}

/** A history row with the id it is read under: the room's for a game, `adjust:…` or `void:…` otherwise. */
export type HistoryEntry = HistoryRow & { id: string };

export interface LeaderboardRow extends Standing {
  rank: number;
  uid: string;
  displayName: string;
}

/** A player's standing on a ladder with their rank there (ties share a rank). */
export interface RankedStanding extends Standing {
  rank: number;
}

export interface Leaderboard {
  ladder: string;
  /** The best rows, as many as asked for (none when only `around` or `players` was asked). */
  top: LeaderboardRow[];
  /** The caller's rank; null until they finish their placement games on this ladder. */
  me: RankedStanding | null;
  /** When asked: the rows just above and below the caller, with the caller; empty while they are unranked. */
  around?: LeaderboardRow[];
  /** When asked: the ranked ones of the players named (a friends list), best first. */
  players?: LeaderboardRow[];
}

/** What `leaderboard` asks for: the top `limit` rows, `around` rows either side of the caller, these `players`. */
export interface LeaderboardAsk {
  limit?: number;
  /** 1 to 50. */
  around?: number;
  /** Up to 100 player ids. */
  players?: string[];
}

/** A player the caller blocked, with the name they had then. */
export interface BlockedPlayer {
  uid: string;
  displayName: string;
  at: number;
}

/** The player's dodge standing: dodges still remembered, the cooldown in force, what the next dodge costs. */
export interface DodgeStanding {
  dodges: number;
  cooldownUntil: number | null;
  nextCooldownSeconds: number;
}

/** The player's leaving record: games left once started, games played, and leaves per game. */
export interface LeaveStanding {
  leaves: number;
  games: number;
  leaveRate: number;
}

/** Whom the player has met today and how often; past `dailyPairCap` games with someone, the next are unrated. */
export interface FarmingStanding {
  dailyPairCap: number | null;
  today: { uid: string; displayName: string; games: number; unrated: boolean }[];
}

export interface Profile {
  player: Player;
  state: PlayerState;
  presence: Presence;
  dodging: DodgeStanding;
  leaving: LeaveStanding;
  farming: FarmingStanding;
}

export type LoginInput =
  | { provider: 'dev'; name: string }
  | { provider: 'wechat'; code: string }
  /** From `tt.login()`: either `code` (a player logged in to Douyin) or `anonymousCode`. */
  | { provider: 'douyin'; code?: string; anonymousCode?: string };

export interface EnqueueResult {
  ticketId: string;
  /** The pool joined: the mode's id, with the region and build group where the mode has them (`1v1@eu`). */
  pool: string;
  /**
   * The pool joined, as `pool`: clients of 0.1 follow their ticket by it, so it keeps that meaning until the
   * next breaking release (docs/upgrading.md). `Match.mode` is the mode's id.
   * @deprecated read `pool`.
   */
  mode: string;
  /** The room when the ticket was matched at once; null when it waits for the matcher. */
  room: Room | null;
  /** The other pools the ticket waits in (`alsoModes`); empty when it waits in one. */
  alsoIn: string[];
  /** The ticket's time-to-live: a ticket without a heartbeat for this long expires (beat at 55 % of it after the previous answer). */
  ttlSeconds: number;
}

export type Unsubscribe = () => void;

/** One season of a ladder's calendar (times in milliseconds since the epoch; `end` excluded). */
export interface Season {
  id: string;
  start: number;
  end: number;
}

/** `players/{uid}/seasons/{seasonId}`: how the player finished a season, their own. */
export interface SeasonArchive {
  uid: string;
  ladder: string;
  season: string;
  rating: number;
  peak: number;
  seasonGames: number;
  /** Placement done: only placed players are ranked. */
  placed: boolean;
  tier: TierLabel | null;
  /** Null until the close has ranked the season, and for players still in placement. */
  rank: number | null;
  /** The rating the soft reset set for the next season. */
  resetTo: number;
  closedAt: number;
}

/** A ladder's calendar as of `now`, each past season with the caller's finish (null if they did not play it). */
export interface Seasons {
  ladder: string;
  now: number;
  current: Season | null;
  next: Season | null;
  past: PastSeason[];
}

export interface PastSeason extends Season {
  mine: SeasonArchive | null;
}

/** One row of a season's final leaderboard. */
export interface FinalRow {
  rank: number;
  uid: string;
  rating: number;
  tier: TierLabel | null;
}

/** `ladders/{ladder}/closes/{seasonId}`: a season close's progress, and once `done` its final leaderboard. */
export interface SeasonClose {
  ladder: string;
  season: string;
  phase: 'rollover' | 'ranking' | 'done';
  archived: number;
  cursor: { rating: number; uid: string; rank: number; position: number } | null;
  top: FinalRow[];
  startedAt: number;
  finishedAt: number | null;
}

// Documents only operators (custom claim `admin: true`) may read; the lobby's operator view shows them.

/** Counts by equal bins from 0; the last bin also holds everything beyond it. */
export interface Histogram {
  binWidth: number;
  counts: number[];
}

/** One rating band's day in `calibration/{day}_{mode}` (see docs/operations.md#calibration). */
export interface CalibrationBand {
  settled: number;
  voided: number;
  cancelled: number;
  forecasts: number;
  /** Mean squared error of the forecasts (0.25 is a coin flip's); null without any. */
  brier: number | null;
  /** Forecasts by predicted chance: the mean prediction and the observed win rate of each range. */
  buckets: { from: number; to: number; count: number; meanPredicted: number | null; winRate: number | null }[];
  /** Share of settled games (free-for-all: player pairs) predicted within [0.47, 0.53]. */
  evenShare: number | null;
  waitSeconds: { p50: number; p95: number; samples: number } | null;
  spread: Histogram;
  sideDifference: Histogram;
}

/** `calibration/{day}_{mode}`: a mode's UTC day of predicted against actual results, per band and overall. */
export interface Calibration {
  day: string;
  mode: string;
  ladder: string;
  kind: 'team' | 'ffa';
  bandOrder: string[];
  bands: Record<string, CalibrationBand>;
  overall: CalibrationBand;
}

/** `reviewFlags/{uid}`: a player whose reports keep contradicting how their games settled. */
export interface ReviewFlag {
  uid: string;
  falseReports: number;
  flaggedAt: number;
  lastRoomId: string;
  updatedAt: number;
}

/** An operator's ban on a player (`playerStates/{uid}.ban`): in force until `until` (null: until lifted). */
export interface Ban {
  at: number;
  until: number | null;
  reason: string;
  by: string;
}

/** What a ban did to where the player was. */
export type BanRemoval =
  | { kind: 'none' }
  | { kind: 'ticketCancelled'; ticketId: string }
  | { kind: 'roomCalledOff'; roomId: string }
  | { kind: 'forfeited'; roomId: string; roomStatus: RoomStatus };

/** `modePauses/{target}`: a mode or regional pool an operator paused; queueing for it is refused with `message`. */
export interface ModePause {
  target: string;
  message: string;
  by: string;
  at: number;
}

/** One operator action (`audit/{id}`), as operators read it and as `exportMyData` returns those on the caller. */
export interface AuditRow {
  id: string;
  action:
    | 'banPlayer'
    | 'unbanPlayer'
    | 'pauseMode'
    | 'resumeMode'
    | 'adjustRating'
    | 'voidRoom'
    | 'deleteAccount'
    | 'closeSeasonNow'
    | 'extendSeason';
  actor: string;
  target: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: number;
}

/** Everything stored about the caller (`exportMyData`). */
export interface MyData {
  uid: string;
  exportedAt: number;
  profile: Player | null;
  state: PlayerState | null;
  history: HistoryEntry[];
  seasons: SeasonArchive[];
  party: Party | null;
  ticket: Ticket | null;
  rooms: Room[];
  reviewFlag: ReviewFlag | null;
  /** What operators did to the account, with their reasons. */
  audit: AuditRow[];
}

/** A ticket of the caller's to follow by name (one their state has moved past, say after a re-queue). */
export interface FollowedTicket {
  mode: string;
  id: string;
}

/**
 * What `getMatchState` answers and `watchMatch` streams: the documents a match's status is derived from, as of
 * one moment. `version` is the latest commit time among them, in microseconds: it only grows for one player.
 */
export interface MatchView {
  version: number;
  state: Pick<PlayerState, 'mode' | 'ticketId' | 'partyId' | 'cooldownUntil'> | null;
  ticket: Ticket | null;
  room: Room | null;
  /** The pool's statistics, while the ticket is queued. */
  stats: QueueStats | null;
}

/** How a `watchMatch` stream ended: its time was up, or the player opened another; reconnect from the version. */
export interface StreamEnd {
  reason: 'time-limit' | 'replaced';
  reconnectFrom: number;
}

/** How a mode's rooms are made up: two sides of `teamSize`, or one free-for-all of min..max players. */
export type FormatInfo =
  | { kind: 'team'; teamSize: number }
  | {
      kind: 'ffa';
      minPlayers: number;
      maxPlayers: number;
      fillWaitSeconds: number;
      /** Whether a room in play takes late joiners, for how long after it starts, and whether their games are rated. */
      backfill: { windowSeconds: number; rated: boolean } | null;
    };

/** One mode as `getModes` describes it: what a game needs to offer it without a copy of the configuration. */
export interface ModeInfo {
  id: string;
  ladder: string;
  format: FormatInfo;
  /** The most players one ticket (a party) may hold. */
  partyCapacity: number;
  ticketTtlSeconds: number;
  /** A regional mode's regions (queue with one, or with measured round trips); empty for a mode with one pool. */
  regions: string[];
  /** Seconds every player has to accept a formed room; null: rooms start at once. */
  readyCheckSeconds: number | null;
  /** Seconds after a settled game in which its players may all ask to play again; null: no rematch. */
  rematchSeconds: number | null;
  /** Whether queueing needs the game's `build` (given to `createLadder`). */
  needsBuild: boolean;
  /** What players may choose when they queue (`choices` of `queue`), which their room agrees on; empty: nothing. */
  choices: ChoiceInfo[];
}

/**
 * One of a mode's choices. `overlap`: a player names the values they accept (maps) and the room plays one they
 * all accept; `equal`: a player names one value (a language) and plays only with those who named the same. After
 * `relaxAfterSeconds` of waiting a player accepts any value (null: never).
 */
export interface ChoiceInfo {
  id: string;
  kind: 'overlap' | 'equal';
  values: string[];
  relaxAfterSeconds: number | null;
}

/** What a player chose when queueing, by choice id: the values they accept, or one value of an `equal` choice. */
export type Chosen = Record<string, string | string[]>;

/** What a queueing asks for beyond the mode and the region. */
export interface Asking {
  /**
   * The player's choices of the mode's (see `ModeInfo.choices`); a choice left out accepts any value. Queueing
   * for several modes, each mode takes the choices it offers.
   */
  choices?: Chosen;
  /**
   * Other modes to wait in at the same time (up to three): the first of them to find a room seats the player
   * (or party), who leaves every other queue at that moment.
   */
  alsoModes?: string[];
}

/** One ladder as `getModes` describes it: its tiers, lowest first. */
export interface LadderInfo {
  id: string;
  tiers: { id: string; names: { zh: string; en: string; [locale: string]: string }; minRating: number }[];
}

/** `getModes`: the deployment's modes and ladders. */
export interface Catalog {
  modes: ModeInfo[];
  ladders: LadderInfo[];
}
