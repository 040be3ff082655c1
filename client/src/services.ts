import type { Cancel } from './cancel.js';
import type { CallRequest, Invoke } from './contract.js';
import { LadderError } from './errors.js';
import type { ListenerEvent } from './listen.js';
import type { MatchView, QueueStats, Room, StreamEnd, Ticket, Unsubscribe } from './types.js';

type OnError = (error: LadderError) => void;
export type StatePointer = NonNullable<MatchView['state']>;

/**
 * Where a match's documents come from: Firestore listeners, or the server's match view (streamed or long-polled).
 * The Match state machine reads them only through this, so it behaves the same on every transport.
 */
export interface Feed {
  state(uid: string, onState: (state: StatePointer | undefined) => void, onError: OnError): Unsubscribe;
  ticket(mode: string, id: string, onTicket: (ticket: Ticket | undefined) => void, onError: OnError): Unsubscribe;
  /**
   * A matched ticket's room. A feed whose listener can miss a write reads the room again by hand while it is
   * unseen, and once a deadline it carries has passed without news (firestoreFeed.ts); the server's match view
   * reads itself afresh every few seconds whatever its listeners say, so the remote feed needs no such repair.
   * `onSilent` hears whether the room's listener serves from the device's cache because its stream to the server
   * is down (only a feed that can tell says so): the match is then read through the server.
   */
  room(id: string, onRoom: (room: Room) => void, onError: OnError, onSilent?: (silent: boolean) => void): Unsubscribe;
  stats(mode: string, onStats: (stats: QueueStats | undefined) => void, onError: OnError): Unsubscribe;
  /** For the `debug` option: something the subscription did by hand (say, following a ticket afresh). */
  note(event: Omit<ListenerEvent, 'at'>): void;
}

/** Reads of other documents (profiles, pool statistics, season closes): only where Firestore is at hand. */
export interface Docs {
  listen<T>(
    path: string,
    onData: (data: T | undefined) => void,
    onError: OnError,
    options?: { retry?: (error: LadderError) => boolean },
  ): Unsubscribe;
  read<T>(path: string): Promise<T | undefined>;
}

/** The player's sign-in, whichever way the entry point keeps it (the Firebase Auth SDK, or its REST API). */
export interface Session {
  uid(): string | undefined;
  ready(): Promise<void>;
  anonymous(): Promise<string>;
  withCustomToken(token: string): Promise<void>;
  signOut(): Promise<void>;
}

/** Opens one `watchMatch` stream, hands over each chunk, and resolves with how it ended. */
export type OpenStream = (
  data: CallRequest<'watchMatch'>,
  onChunk: (view: MatchView) => void,
  stop: Cancel,
) => Promise<StreamEnd>;

export interface Services {
  call: Invoke;
  session: Session;
  feed: Feed;
  /** Null without Firestore (the `stream` and `poll` transports of the HTTP entry point). */
  docs: Docs | null;
}

/** Firestore reads, or a refusal saying which transport they need. */
export function requireDocs(services: Services, what: string): Docs {
  if (services.docs) return services.docs;
  throw new LadderError(
    'failed-precondition',
    `${what} follows Firestore documents: it needs the 'firestore' transport of @ladder/client.`,
  );
}
