import { logger } from 'firebase-functions/v2';
import { HttpsError, onCall, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { FieldValue } from 'firebase-admin/firestore';
import type { z } from 'zod';
import { Failure } from '../core/errors.js';
import { formatIssues } from '../core/validation.js';
import type { LadderContext } from '../context.js';
import { deferred } from '../define.js';
import { withOpCounts, type OpCounts, type OpsByKind } from '../store/firestore/metrics.js';
import { assertNotRefused, takeCall } from '../store/rateLimit.js';
import { metricsRef } from '../store/firestore/refs.js';
import { isContention, isTransient } from '../store/firestore/grpc.js';
import { assertSessionLive } from '../store/sessions.js';

export interface Caller {
  uid: string;
  token: DecodedIdToken;
}

/** Validates a request payload; a call without arguments is treated as `{}`. */
export function parseRequest<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (!result.success) throw new HttpsError('invalid-argument', `Invalid request: ${formatIssues(result.error)}`);
  return result.data;
}

export function requireCaller(request: CallableRequest): Caller {
  if (!request.auth) {
    throw new HttpsError('unauthenticated', 'Sign in first: this call needs a Firebase Auth ID token.');
  }
  return { uid: request.auth.uid, token: request.auth.token };
}

/** Refuses a deleted account's session (its ID token outlives the account by up to an hour): one read. */
const assertLive = (ctx: LadderContext, caller: Caller) => assertSessionLive(ctx, caller.uid, caller.token.auth_time);

/** Maps whatever a handler throws to an `HttpsError`, so no refusal reaches a client as `internal`. */
export function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof Failure) return new HttpsError(error.code, error.message, error.details);
  // Contention (store/firestore/grpc.ts): nothing was written, and the SDK retries `aborted`.
  if (isContention(error)) {
    return new HttpsError('aborted', 'The server was busy with conflicting updates; please retry.');
  }
  if (isTransient(error)) {
    logger.warn('The database did not answer a callable', error);
    return new HttpsError('unavailable', 'The database did not answer; please retry.');
  }
  logger.error('Unexpected error in a callable', error);
  return new HttpsError('internal', 'Unexpected server error; it has been logged.');
}

/**
 * With LADDER_METRICS=on (the simulation and bench:transports set it on the emulators), each invocation adds the
 * reads and writes it made (in all and by kind of document), and how long it ran (a stream: all the while it was
 * open), to `metrics/{function}`; that bookkeeping write is not itself counted.
 */
const recordOps = (ctx: LadderContext, startedAt: number) => (ops: OpCounts, kinds: OpsByKind) =>
  metricsRef(ctx, process.env.K_SERVICE ?? 'unknown')
    .set(
      {
        reads: FieldValue.increment(ops.reads),
        writes: FieldValue.increment(ops.writes),
        invocations: FieldValue.increment(1),
        seconds: FieldValue.increment((performance.now() - startedAt) / 1000),
        kinds: Object.fromEntries(
          Object.entries(kinds).map(([kind, counts]) => [
            kind,
            { reads: FieldValue.increment(counts.reads), writes: FieldValue.increment(counts.writes) },
          ]),
        ),
      },
      { merge: true },
    )
    .then(() => undefined);

async function guarded<R>(ctx: LadderContext, work: () => Promise<R>): Promise<R> {
  try {
    return process.env.LADDER_METRICS === 'on'
      ? await withOpCounts(work, recordOps(ctx, performance.now()))
      : await work();
  } catch (error) {
    throw toHttpsError(error);
  }
}

const failedWith = (code: string) => (error: unknown) =>
  (error instanceof Failure || error instanceof HttpsError) && error.code === code;
const invalidArgument = failedWith('invalid-argument');
const refusedForRate = failedWith('resource-exhausted');
const unauthenticated = failedWith('unauthenticated');

/**
 * Every callable runs where the deployment says, and demands an App Check token when it says so
 * (`fairPlay.enforceAppCheck`). Read when the callable is defined, from the ladder's context.
 */
const deployed = ({ config }: LadderContext, options: CallableOptions): CallableOptions => ({
  region: config.functions.region,
  memory: config.functions.memory,
  minInstances: config.functions.minInstances,
  enforceAppCheck: config.fairPlay.enforceAppCheck,
  ...options,
});

/** A request schema, or one made when the callable is defined (it names configured modes or ladders). */
type SchemaOf<S> = S | ((ctx: LadderContext) => S);
const schemaOf = <S extends z.ZodType>(schema: SchemaOf<S>, ctx: LadderContext): S =>
  typeof schema === 'function' ? (schema as (ctx: LadderContext) => S)(ctx) : schema;

/** A streaming call's side channel: whether the client reads a stream, and how to send it one chunk. */
export interface Stream<C> {
  accepts: boolean;
  send(chunk: C): Promise<boolean>;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/**
 * A callable for signed-in players: authenticated, rate limited per player (`fairPlay.rateLimit`), validated,
 * errors mapped, handed the ladder's context as it is the caller. Every API function uses it; a streaming one sends
 * its chunks through `stream`.
 */
export function callable<S extends z.ZodType, R, C = unknown>(
  schema: SchemaOf<S>,
  handler: (input: z.output<S>, caller: Caller, ctx: LadderContext, stream: Stream<C>) => Promise<R>,
  options: CallableOptions = {},
) {
  return deferred((ctx) => {
    const limit = ctx.config.fairPlay.rateLimit;
    const schemaNow = schemaOf(schema, ctx);
    // Typed by the schema's input, so the exported function states its request and response (the client's
    // contract test compares them).
    return onCall<z.input<S>, Promise<R>, C>(deployed(ctx, options), (request, response) =>
      guarded(ctx, async () => {
        const caller = requireCaller(request);
        await assertLive(ctx, caller);
        // Bad input is refused before it is counted: it changes nothing, not even the caller's bucket.
        const input = parseRequest(schemaNow, request.data);
        const call = limit ? await takeCall(ctx, caller.uid, limit) : null;
        const signal = response?.signal ?? new AbortController().signal;
        const send = (chunk: C) => response?.sendChunk(chunk) ?? Promise.resolve(false);
        try {
          return await handler(input, caller, ctx, { accepts: request.acceptsStreaming, send, signal });
        } catch (error) {
          // Input the handler refuses once it has looked (placements for a team room, say) is bad input too.
          if (invalidArgument(error)) call?.refund();
          throw error;
        }
      }),
    );
  });
}

/** What a paid call's handler returns: its answer, and whether the call needs no counting beyond what it did. */
export interface Paid<R> {
  answer: R;
  paid: boolean;
}

/**
 * A callable whose handler says whether its call is already paid for, so that the common case costs the caller's
 * bucket no read or write of its own. `enqueue` counts itself in the transaction that queues, on the state it
 * writes anyway, and so does a game beat sooner than its pace, in the one that records it. The first answer to a
 * room's ready check and the first report of its result follow from a ticket an enqueue paid for, and a room
 * takes one of each per player; a heartbeat that moves a ticket's expiry (at most once per half time-to-live per
 * ticket) or a game beat at its pace writes the one document it exists for. Anything else (a repeat) is counted
 * afterwards like any call, and so is a failure, one call at a time; nothing was written, so refusing then is
 * harmless. Bad input is never counted, and a player this instance saw at the limit is refused before anything
 * is read.
 */
export function paidCallable<S extends z.ZodType, R>(
  schema: SchemaOf<S>,
  handler: (input: z.output<S>, caller: Caller, ctx: LadderContext) => Promise<Paid<R>>,
  options: CallableOptions = {},
) {
  return deferred((ctx) => {
    const limit = ctx.config.fairPlay.rateLimit;
    const schemaNow = schemaOf(schema, ctx);
    return onCall<z.input<S>, Promise<R>>(deployed(ctx, options), (request) =>
      guarded(ctx, async () => {
        const caller = requireCaller(request);
        const input = parseRequest(schemaNow, request.data);
        if (limit) assertNotRefused(ctx, caller.uid);
        // A deleted account's session is refused by the handler's own read of the caller's state (it has none);
        // an answer that paid for nothing, or a failure, is checked here before anything is counted.
        const outcome = await handler(input, caller, ctx).catch(async (error: unknown) => {
          if (invalidArgument(error) || refusedForRate(error) || unauthenticated(error)) throw error;
          await assertLive(ctx, caller);
          if (limit) await takeCall(ctx, caller.uid, limit, 1);
          throw error;
        });
        if (!outcome.paid) {
          await assertLive(ctx, caller);
          if (limit) await takeCall(ctx, caller.uid, limit);
        }
        return outcome.answer;
      }),
    );
  });
}

/** A callable open to clients without a Firebase identity yet (only `login`). */
export function publicCallable<S extends z.ZodType, R>(
  schema: SchemaOf<S>,
  handler: (input: z.output<S>, ctx: LadderContext) => Promise<R>,
  options: (ctx: LadderContext) => CallableOptions = () => ({}),
) {
  return deferred((ctx) => {
    const input = schemaOf(schema, ctx);
    return onCall<z.input<S>, Promise<R>>(deployed(ctx, options(ctx)), (request) =>
      guarded(ctx, () => handler(parseRequest(input, request.data), ctx)),
    );
  });
}

/** Whether the caller's ID token carries the operator claim (`admin: true`, granted by scripts/operator.ts). */
export const isAdmin = (caller: Caller) => caller.token.admin === true;

/**
 * Whose data a call is about: the caller's own, or the player `uid` names when the caller is an operator; anyone
 * else naming another player is refused with `refusal`.
 */
export function ownOrOperators(caller: Caller, uid: string | undefined, refusal: string): string {
  const whose = uid ?? caller.uid;
  if (whose !== caller.uid && !isAdmin(caller)) throw new HttpsError('permission-denied', `Operators only: ${refusal}`);
  return whose;
}

/**
 * A callable for operators only: the caller's token must carry `admin: true`, the same claim the rules ask
 * for before an operator reads calibration, flags and the audit. Anyone else is refused before their input
 * is read or their call counted.
 */
export function adminCallable<S extends z.ZodType, R>(
  schema: SchemaOf<S>,
  handler: (input: z.output<S>, caller: Caller, ctx: LadderContext) => Promise<R>,
  options: CallableOptions = {},
) {
  return deferred((ctx) => {
    const input = schemaOf(schema, ctx);
    return onCall<z.input<S>, Promise<R>>(deployed(ctx, options), (request) =>
      guarded(ctx, async () => {
        const caller = requireCaller(request);
        await assertLive(ctx, caller);
        if (!isAdmin(caller))
          throw new HttpsError('permission-denied', 'Operators only: this call needs the admin claim.');
        return handler(parseRequest(input, request.data), caller, ctx);
      }),
    );
  });
}
