import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { Failure, fail } from '../core/errors.js';
import { matchStateRequest, type StreamEnd, watchMatchRequest } from '../core/queue/view.js';
import type { PoolId } from '../core/mode/pool.js';
import type { LadderContext } from '../context.js';
import { claimStream, type Follow, readView, type View, watchView } from '../store/matchView.js';
import { callable, type Stream } from './callable.js';

/**
 * A followed ticket's `mode` must name a pool of this deployment: a mistyped one is bad input, refused naming the
 * field, not a ticket that is missing. Made when the callable is defined, from the deployment's modes.
 */
const knownPool =
  (ctx: LadderContext) => (input: { ticket?: { mode: PoolId } | undefined }, refine: z.RefinementCtx) => {
    if (!input.ticket) return;
    try {
      ctx.poolOf(input.ticket.mode);
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      refine.addIssue({ code: 'custom', path: ['ticket', 'mode'], message: error.message });
    }
  };

/** The first view newer than `since`, or `now` (the latest read) once `waitMs` has passed or the client left. */
function nextView(
  ctx: LadderContext,
  uid: string,
  follow: Follow | undefined,
  since: number,
  now: View,
  waitMs: number,
  signal: AbortSignal,
) {
  return new Promise<View>((resolve, reject) => {
    let latest = now;
    const finish = (error?: unknown) => {
      clearTimeout(timer);
      stop();
      if (error) reject(error);
      else resolve(latest);
    };
    const stop = watchView(
      ctx,
      uid,
      follow,
      (view) => {
        latest = view;
        if (view.version > since) finish();
      },
      finish,
    );
    const timer = setTimeout(finish, waitMs);
    signal.addEventListener('abort', () => finish());
  });
}

/**
 * The caller's match view (their state, ticket, room; the statistics while queued), for clients that cannot
 * hold a Firestore listener or read a stream: answers at once when its version is newer than `sinceVersion`,
 * else as soon as it changes, or after `waitMs` (at most 25 s) with the view unchanged.
 */
export const getMatchState = callable(
  (ctx) => matchStateRequest.superRefine(knownPool(ctx)),
  async (input, caller, ctx, { signal }) => {
    const now = await readView(ctx, caller.uid, input.ticket);
    if (now.version > input.sinceVersion || input.waitMs === 0) return now;
    return nextView(ctx, caller.uid, input.ticket, input.sinceVersion, now, input.waitMs, signal);
  },
);

/** Sends every view newer than the last one sent until the time limit, a newer stream, or the client leaving. */
function follow(
  ctx: LadderContext,
  uid: string,
  input: { sinceVersion: number; limitSeconds: number; ticket?: Follow | undefined },
  stream: Stream<View>,
) {
  return new Promise<StreamEnd>((resolve, reject) => {
    let sent = input.sinceVersion;
    let stopClaim = () => {};
    let done = false;
    const finish = (reason: StreamEnd['reason'], error?: unknown) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      stopView();
      stopClaim();
      if (error) reject(error);
      else resolve({ reason, reconnectFrom: sent });
    };
    // Chunks go out in order: each waits for the one before to be written.
    let writing = Promise.resolve();
    const stopView = watchView(
      ctx,
      uid,
      input.ticket,
      (view) => {
        if (view.version <= sent) return;
        sent = view.version;
        writing = writing.then(() => stream.send(view).then(() => undefined));
      },
      (error) => finish('time-limit', error),
    );
    const timer = setTimeout(() => void writing.then(() => finish('time-limit')), input.limitSeconds * 1000);
    stream.signal.addEventListener('abort', () => finish('time-limit'));
    claimStream(ctx, uid, randomUUID(), () => void writing.then(() => finish('replaced'))).then(
      (stop) => {
        if (done) stop();
        else stopClaim = stop;
      },
      (error) => finish('time-limit', error),
    );
  });
}

/**
 * Streams the caller's match view: one chunk per change of their state, ticket or room newer than `sinceVersion`,
 * for `limitSeconds` (50 s by default), then ends with the version to reconnect from. A player holds one stream:
 * opening another ends this one (`replaced`).
 */
export const watchMatch = callable(
  (ctx) => watchMatchRequest.superRefine(knownPool(ctx)),
  (input, caller, ctx, stream: Stream<View>) => {
    if (!stream.accepts)
      fail('failed-precondition', 'watchMatch streams: send Accept: text/event-stream, or call getMatchState.');
    return follow(ctx, caller.uid, input, stream);
  },
  { timeoutSeconds: 70 },
);
