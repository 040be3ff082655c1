import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import type { PlayerState } from '../core/player/player.js';
import type { QueueStats } from '../core/ops/queueStats.js';
import type { PoolId } from '../core/mode/pool.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import { assertOwnTicket, type MatchView, micros, viewVersion } from '../core/queue/view.js';
import type { RoomDoc } from '../core/room/room.js';
import { countedLater, countReads, countWrites, kindOf } from './firestore/metrics.js';
import { playerStateRef, queueStatsRef, roomRef, streamClaimRef, ticketRef } from './firestore/refs.js';
import { Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

export type StatePointer = Pick<PlayerState, 'mode' | 'ticketId' | 'partyId' | 'cooldownUntil'>;
export type View = MatchView<StatePointer, TicketDoc, RoomDoc, QueueStats>;
export interface Follow {
  /** The ticket's pool, as `enqueue` answered it. */
  mode: PoolId;
  id: string;
}

const timeOf = (snap: DocumentSnapshot<unknown> | null) =>
  snap?.exists && snap.updateTime ? micros(snap.updateTime) : 0;

/**
 * The caller's view as of one moment (a read-only transaction), so that versions read one after another only
 * grow: the state, the ticket it points at (or the one the caller names, if it is theirs) and that ticket's room.
 */
export function readView(ctx: LadderContext, uid: string, follow?: Follow): Promise<View> {
  return ctx.db.runTransaction(
    async (raw) => {
      const tx = new Tx(ctx, raw);
      const stateSnap = await tx.get(playerStateRef(ctx, uid));
      const full = stateSnap.data();
      const state = full
        ? { mode: full.mode, ticketId: full.ticketId, partyId: full.partyId, cooldownUntil: full.cooldownUntil }
        : null;
      const pointer = follow ?? (state?.mode && state.ticketId ? { mode: state.mode, id: state.ticketId } : null);
      const ticketSnap = pointer ? await tx.get(ticketRef(ctx, pointer.mode, pointer.id)) : null;
      const ticket = ticketSnap?.data() ?? null;
      // Only members may read a ticket (firestore.rules); the same holds here.
      assertOwnTicket(ticket, uid, follow);
      const refs: DocumentReference<unknown>[] = [];
      if (ticket?.roomId) refs.push(roomRef(ctx, ticket.roomId));
      if (ticket?.status === 'queued') refs.push(queueStatsRef(ctx, ticket.mode));
      const snaps = await tx.getAll(refs);
      const roomSnap = ticket?.roomId ? (snaps.shift() ?? null) : null;
      const statsSnap = snaps.shift() ?? null;
      return {
        // The statistics are context for a queued ticket, not part of what changed: they carry no version.
        version: viewVersion([timeOf(stateSnap), timeOf(ticketSnap), timeOf(roomSnap)]),
        state,
        ticket,
        room: (roomSnap?.data() as RoomDoc | undefined) ?? null,
        stats: (statsSnap?.data() as QueueStats | undefined) ?? null,
      };
    },
    { readOnly: true },
  );
}

/**
 * A listener can miss a write (the emulator has been measured doing so, docs/CONTRIBUTING.md): the view is read
 * afresh this often whatever the listeners say, which bounds how late such a change arrives.
 */
const SAFETY_READ_MS = 10_000;

/**
 * Calls `onView` with the caller's view now and after every change that raises its version, until stopped.
 * Listeners on the documents in the view only say when to read it again: every view is one consistent read.
 */
export function watchView(
  ctx: LadderContext,
  uid: string,
  follow: Follow | undefined,
  onView: (view: View) => void,
  onError: (error: unknown) => void,
): () => void {
  const listeners = new Map<string, () => void>();
  let last = -1;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let again = false;

  const refresh = () => {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      do {
        again = false;
        const view = await readView(ctx, uid, follow);

        if (stopped) return;
        listen(view);
        if (view.version > last) {
          last = view.version;
          onView(view);
        }
      } while (again && !stopped);
    })()
      .catch(onError)
      .finally(() => {
        reading = null;
      });
  };

  const listen = (view: View) => {
    const wanted = new Map<string, DocumentReference<unknown>>([[`state`, playerStateRef(ctx, uid)]]);
    const ticket =
      follow ?? (view.state?.mode && view.state.ticketId ? { mode: view.state.mode, id: view.state.ticketId } : null);
    if (ticket) wanted.set(`ticket/${ticket.mode}/${ticket.id}`, ticketRef(ctx, ticket.mode, ticket.id));
    if (view.ticket?.roomId) wanted.set(`room/${view.ticket.roomId}`, roomRef(ctx, view.ticket.roomId));
    for (const [key, stop] of listeners) {
      if (wanted.has(key)) continue;
      stop();
      listeners.delete(key);
    }
    for (const [key, ref] of wanted) {
      if (listeners.has(key)) continue;
      // A listener's first snapshot repeats what the view already holds, unless the document changed since.
      // Each snapshot is a billed read, and the read it may set off is the same call's.
      const stop = ref.onSnapshot(
        countedLater((snap: DocumentSnapshot<unknown>) => {
          countReads(ctx, 1, kindOf(ref));
          if (!snap.exists || timeOf(snap) > last) refresh();
        }),
        onError,
      );
      listeners.set(key, stop);
    }
  };

  const safety = setInterval(refresh, SAFETY_READ_MS);
  refresh();
  return () => {
    stopped = true;
    clearInterval(safety);
    for (const stop of listeners.values()) stop();
    listeners.clear();
  };
}

/** Makes `id` the player's current stream; a stream whose claim is overwritten ends (`onReplaced`). */
export async function claimStream(
  ctx: LadderContext,
  uid: string,
  id: string,
  onReplaced: () => void,
): Promise<() => void> {
  await streamClaimRef(ctx, uid).set({ id, at: ctx.clock.now() });
  countWrites(ctx, 1, 'matchStreams');
  return streamClaimRef(ctx, uid).onSnapshot(
    countedLater((snap: DocumentSnapshot<{ id: string }>) => {
      countReads(ctx, 1, 'matchStreams');
      const claim = snap.data();
      if (claim && claim.id !== id) onReplaced();
    }),
  );
}
