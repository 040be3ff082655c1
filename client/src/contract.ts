/**
 * The callable contract: every Cloud Function a client may call, with its request and its response. The SDK,
 * the tests and the simulation's bots all call through `invoker`, and test/core/contract.test.ts fails the
 * typecheck when this map and the server's handlers disagree.
 */
import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { Cancel } from './cancel.js';
import { LadderError } from './errors.js';
import { deployedName } from './names.js';
import type {
  Ban,
  BanRemoval,
  BlockedPlayer,
  Chosen,
  Catalog,
  EnqueueResult,
  FreeForAllResult,
  FollowedTicket,
  HistoryEntry,
  Leaderboard,
  LoginInput,
  ModePause,
  MyData,
  MatchView,
  Party,
  Player,
  Presence,
  Profile,
  Room,
  Seasons,
  Standing,
  StreamEnd,
  TeamResult,
  Ticket,
} from './types.js';

type NoArguments = Record<string, never>;

export interface Calls {
  login: [LoginInput, { uid: string; token: string; displayName: string }];
  /** The deployment's modes and ladders; open before sign-in. */
  getModes: [NoArguments, Catalog];
  getProfile: [NoArguments, Profile];
  setDisplayName: [{ displayName: string }, { player: Player }];
  createParty: [NoArguments, { party: Party }];
  joinParty: [{ code: string }, { party: Party }];
  leaveParty: [NoArguments, { party: Party | null }];
  kickPartyMember: [{ uid: string }, { party: Party }];
  transferPartyLeadership: [{ uid: string }, { party: Party }];
  disbandParty: [NoArguments, { party: null }];
  refreshPartyCode: [NoArguments, { party: Party }];
  /** A regional mode needs `region`, or `rtts` (round-trip ms by region) for the nearest one and the reach. */
  /** A mode that declares `builds` needs `build`, the client's build ("1.4.2"). `choices`: see ModeInfo. */
  /** `alsoModes`: up to three other modes to wait in at once; the first to match seats the player. */
  enqueue: [
    {
      mode: string;
      alsoModes?: string[];
      region?: string;
      rtts?: Record<string, number>;
      build?: string;
      choices?: Chosen;
    },
    EnqueueResult,
  ];
  /**
   * Cancelling leaves the player idle, or in the room that formed first. `ticket` is the ticket as the cancel
   * ended it (null when nothing was queued).
   */
  cancelQueue: [
    NoArguments,
    { cancelled: boolean; presence: Exclude<Presence, { kind: 'queued' }>; ticket: Ticket | null },
  ];
  /**
   * A queued ticket's new expiry; no expiry once the player is no longer queued. In a started game of a mode that
   * counts silence as leaving, `leftAfter` is when the player would be taken to have left without another beat.
   */
  heartbeat: [
    NoArguments,
    (
      | { presence: Exclude<Presence, { kind: 'queued' }>; expiresAt: null; leftAfter: number | null }
      | { presence: Extract<Presence, { kind: 'queued' }>; expiresAt: number; leftAfter: null }
    ),
  ];
  acceptMatch: [{ roomId: string }, { room: Room }];
  declineMatch: [{ roomId: string }, { room: Room }];
  /** The ready check is on the player's screen: only then may letting it run out cost a cooldown. */
  seeReadyCheck: [{ roomId: string }, { seen: boolean }];
  reportResult: [
    { roomId: string; outcome: TeamResult['outcome'] } | { roomId: string; placements: FreeForAllResult['placements'] },
    { room: Room },
  ];
  getLeaderboard: [{ ladder: string; limit?: number; around?: number; players?: string[] }, Leaderboard];
  /** Never in one room with them again, on either side; at most 100 players. */
  blockPlayer: [{ uid: string }, { blocked: BlockedPlayer[] }];
  unblockPlayer: [{ uid: string }, { blocked: BlockedPlayer[] }];
  getBlockList: [NoArguments, { blocked: BlockedPlayer[] }];
  /** Leaves a started game: a loss for the caller's side, on their leave record. */
  forfeit: [{ roomId: string }, { room: Room }];
  getSeasons: [{ ladder: string }, Seasons];
  /** Deletes the caller's account (or, for an operator, the one `uid` names, with a reason); rooms keep a tombstone. */
  deleteAccount: [
    { uid?: string; reason?: string },
    { deleted: string; deletedAt: number; historyRows: number; auditId: string | null; alreadyDeleted: boolean },
  ];
  /** Everything stored about the caller, as one JSON document. */
  exportMyData: [NoArguments, MyData];
  /** The caller's history, newest first (`limit` 1–100, default 20; `before`: the previous page's last `settledAt`); an operator may name `uid`. */
  getHistory: [{ uid?: string; limit?: number; before?: number }, { rows: HistoryEntry[] }];
  // Operators only (the `admin` claim); each writes an audit row (`audit/{id}`) with its change.
  /**
   * `hours` (1 or more) or null: until lifted. Takes the player out of the queue and any live room. A ban in force
   * is replaced only with `replace: true` (else `failed-precondition` naming it); `replaced` is the ban replaced.
   */
  banPlayer: [
    { uid: string; reason: string; hours: number | null; replace?: boolean },
    { ban: Ban; replaced: Ban | null; removal: BanRemoval; auditId: string },
  ];
  unbanPlayer: [{ uid: string; reason: string }, { ban: null; auditId: string }];
  /** `mode`: a mode (all its pools) or one regional pool (`1v1@eu`); waiting tickets are released unpunished. */
  pauseMode: [
    { mode: string; message: string; reason: string },
    { pause: ModePause; pools: string[]; released: number; auditId: string },
  ];
  resumeMode: [{ mode: string; reason: string }, { pause: null; auditId: string }];
  /** A whole, non-zero `delta` up to 1000 either way; the player's history shows it as an adjustment. */
  /** Reverses a settled room's rating changes, records and counts once; a second void is refused. */
  voidRoom: [
    { roomId: string; reason: string },
    { room: Room; reversed: { uid: string; before: number; after: number; delta: number }[]; auditId: string },
  ];
  /** Closes an ended season now (the scheduled close's batches); `outcome` as that close reports it. */
  closeSeasonNow: [
    { ladder: string; season: string; reason: string },
    { outcome: 'running' | 'waiting' | 'paused' | 'done'; auditId: string | null },
  ];
  /**
   * Runs a season longer: until `endsAt` (ISO 8601), or `byDays` after its configured end; the same call again
   * changes nothing (`auditId: null`). `end` is the season's end now, in ms.
   */
  extendSeason: [
    { ladder: string; season: string; endsAt?: string; byDays?: number; reason: string },
    { season: string; end: number; auditId: string | null },
  ];
  adjustRating: [
    { uid: string; ladder: string; delta: number; reason: string },
    { standing: Standing; auditId: string },
  ];
  /** Asks to play a settled room again; `rematch` is the new room once every player has asked in time. */
  requestRematch: [{ roomId: string }, { room: Room; rematch: Room | null }];
  /** Says no to a settled room's open rematch request; the players who asked see it declined. */
  declineRematch: [{ roomId: string }, { room: Room }];
  /**
   * The caller's match view, long-polled: at once when its version is newer than `sinceVersion`, else when it
   * changes or after `waitMs` (at most 25 000). `ticket` names a ticket of theirs the state has moved past.
   */
  getMatchState: [{ sinceVersion?: number; waitMs?: number; ticket?: FollowedTicket }, MatchView];
  /** Streams the match view (one chunk per change) for `limitSeconds` (default 50, at most 55). */
  watchMatch: [{ sinceVersion?: number; limitSeconds?: number; ticket?: FollowedTicket }, StreamEnd];
}

/** The chunks `watchMatch` streams. */
export interface Streams {
  watchMatch: MatchView;
}

export type CallName = keyof Calls;
export type CallRequest<N extends CallName> = Calls[N][0];
export type CallResponse<N extends CallName> = Calls[N][1];
/** A call's arguments: the request may be left out where the callable takes none. */
export type CallArgs<N extends CallName> =
  NoArguments extends CallRequest<N>
    ? [data?: CallRequest<N>, options?: CallOptions]
    : [data: CallRequest<N>, options?: CallOptions];

export interface CallOptions {
  timeoutMs?: number;
}

/** Calls a callable by name: the typed request out, the typed response back. */
export type Invoke = <N extends CallName>(name: N, ...args: CallArgs<N>) => Promise<CallResponse<N>>;

/** The plain invoker over one app's Functions: no retries, errors exactly as the functions SDK throws them. */
export function invoker(functions: Functions, group?: string): Invoke {
  return async (name, ...[data, options]) => {
    const callable = httpsCallable(
      functions,
      deployedName(name, group),
      options?.timeoutMs ? { timeout: options.timeoutMs } : undefined,
    );
    return (await callable(data ?? {})).data as CallResponse<typeof name>;
  };
}

/** Opens `watchMatch` streams through the functions SDK (`httpsCallable(...).stream()`). */
export function streamer(functions: Functions, group?: string) {
  return async (
    data: CallRequest<'watchMatch'>,
    onChunk: (view: Streams['watchMatch']) => void,
    stop: Cancel,
  ): Promise<CallResponse<'watchMatch'>> => {
    // The stream ends by itself within a minute; the timeout only guards against a connection gone silent.
    const callable = httpsCallable<CallRequest<'watchMatch'>, CallResponse<'watchMatch'>, Streams['watchMatch']>(
      functions,
      deployedName('watchMatch', group),
      { timeout: 90_000 },
    );
    // The Firebase SDK runs where AbortController exists; the feed's own cancellation is bridged to it.
    const abort = new AbortController();
    const forget = stop.onCancel(() => abort.abort());
    try {
      const { stream, data: end } = await callable.stream(data, { signal: abort.signal });
      // Closing the feed aborts the stream: the result then rejects as cancelled, and nobody waits for it.
      end.catch(() => {});
      for await (const chunk of stream) onChunk(chunk);
      return await end;
    } finally {
      forget();
    }
  };
}

/** Emulator endpoints as `host:port`. */
export interface EmulatorHosts {
  auth: string;
  firestore: string;
  functions: string;
}

export const DEFAULT_REGION = 'us-central1';
export const DEFAULT_DATABASE = '(default)';

/** Splits an emulator's `host:port`, naming the option that was wrong. */
export function hostAndPort(value: string, which: string): [string, number] {
  const match = /^([^:/\s]+):(\d{1,5})$/.exec(value);
  if (!match) {
    throw new LadderError('invalid-argument', `emulators.${which} must be "host:port", got ${JSON.stringify(value)}.`);
  }
  return [match[1]!, Number(match[2])];
}

/**
 * One app's Auth and Functions, pointed at the emulators when `emulators` is given. Firestore is left out, so
 * that a game following its matches another way neither loads nor bundles it (see firestore.ts).
 */
export function authAndFunctions(app: FirebaseApp, emulators?: EmulatorHosts, region = DEFAULT_REGION) {
  const services = { auth: getAuth(app), functions: getFunctions(app, region) };
  if (emulators) {
    const [authHost, authPort] = hostAndPort(emulators.auth, 'auth');
    connectAuthEmulator(services.auth, `http://${authHost}:${authPort}`, { disableWarnings: true });
    connectFunctionsEmulator(services.functions, ...hostAndPort(emulators.functions, 'functions'));
  }
  return services;
}
