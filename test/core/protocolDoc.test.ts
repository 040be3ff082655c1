import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { CallRequest, CallResponse, Streams } from '@ladder/client';
import { ticketDocSchema } from '../../functions/src/core/queue/ticket.js';
import { queueStatsSchema } from '../../functions/src/core/ops/queueStats.js';
import { roomDocSchema } from '../../functions/src/core/room/room.js';
import type { Unbranded } from '../support/unbranded.js';

/**
 * docs/protocol.md is what a client in any language is written from: every JSON example in it is checked here
 * against the shapes the server sends and accepts. The schemas below are built from the server's own document
 * schemas, and the type assertions hold them equal to the client's contract (client/src/contract.ts), so
 * neither the doc nor these schemas can drift from the server without `npm run typecheck` or this test failing.
 */
const DOC = readFileSync(new URL('../../docs/protocol.md', import.meta.url), 'utf8');

const roomId = z.string();
const followed = z.strictObject({ mode: z.string(), id: z.string() });
const idle = z.strictObject({ kind: z.literal('idle') });
const queued = z.strictObject({ kind: z.literal('queued'), ticketId: z.string(), mode: z.string() });
const inRoom = z.strictObject({ kind: z.literal('inRoom'), roomId: z.string(), mode: z.string() });
const room = z.strictObject({ room: roomDocSchema });
const view = z.strictObject({
  version: z.number(),
  state: z
    .strictObject({
      mode: z.string().nullable(),
      ticketId: z.string().nullable(),
      partyId: z.string().nullable(),
      cooldownUntil: z.number().nullable(),
    })
    .nullable(),
  ticket: ticketDocSchema.nullable(),
  room: roomDocSchema.nullable(),
  stats: queueStatsSchema.nullable(),
});
const streamEnd = z.strictObject({ reason: z.enum(['time-limit', 'replaced']), reconnectFrom: z.number() });

const calls = {
  login: {
    request: z.union([
      z.strictObject({ provider: z.literal('dev'), name: z.string() }),
      z.strictObject({ provider: z.literal('wechat'), code: z.string() }),
      z.strictObject({
        provider: z.literal('douyin'),
        code: z.string().optional(),
        anonymousCode: z.string().optional(),
      }),
    ]),
    response: z.strictObject({ uid: z.string(), token: z.string(), displayName: z.string() }),
  },
  enqueue: {
    request: z.strictObject({
      mode: z.string(),
      alsoModes: z.array(z.string()).optional(),
      region: z.string().optional(),
      rtts: z.record(z.string(), z.number()).optional(),
      build: z.string().optional(),
      choices: z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional(),
    }),
    response: z.strictObject({
      ticketId: z.string(),
      pool: z.string(),
      mode: z.string(),
      alsoIn: z.array(z.string()),
      room: roomDocSchema.nullable(),
      ttlSeconds: z.number(),
    }),
  },
  heartbeat: {
    request: z.strictObject({}),
    response: z.union([
      z.strictObject({ presence: z.union([idle, inRoom]), expiresAt: z.null(), leftAfter: z.number().nullable() }),
      z.strictObject({ presence: queued, expiresAt: z.number(), leftAfter: z.null() }),
    ]),
  },
  cancelQueue: {
    request: z.strictObject({}),
    response: z.strictObject({
      cancelled: z.boolean(),
      presence: z.union([idle, inRoom]),
      ticket: ticketDocSchema.nullable(),
    }),
  },
  seeReadyCheck: { request: z.strictObject({ roomId }), response: z.strictObject({ seen: z.boolean() }) },
  acceptMatch: { request: z.strictObject({ roomId }), response: room },
  declineMatch: { request: z.strictObject({ roomId }), response: room },
  reportResult: {
    request: z.union([
      z.strictObject({ roomId, outcome: z.enum(['A', 'B', 'draw']) }),
      z.strictObject({ roomId, placements: z.record(z.string(), z.number()) }),
    ]),
    response: room,
  },
  forfeit: { request: z.strictObject({ roomId }), response: room },
  getMatchState: {
    request: z.strictObject({
      sinceVersion: z.number().optional(),
      waitMs: z.number().optional(),
      ticket: followed.optional(),
    }),
    response: view,
  },
  watchMatch: {
    request: z.strictObject({
      sinceVersion: z.number().optional(),
      limitSeconds: z.number().optional(),
      ticket: followed.optional(),
    }),
    response: streamEnd,
  },
};
type Documented = keyof typeof calls;

it("holds these schemas equal to the client's contract", () => {
  type Request<N extends Documented> = z.input<(typeof calls)[N]['request']>;
  type Response<N extends Documented> = Unbranded<z.output<(typeof calls)[N]['response']>>;
  expectTypeOf<Request<'login'>>().toEqualTypeOf<CallRequest<'login'>>();
  expectTypeOf<Response<'login'>>().toEqualTypeOf<CallResponse<'login'>>();
  expectTypeOf<Request<'enqueue'>>().toEqualTypeOf<CallRequest<'enqueue'>>();
  expectTypeOf<Response<'enqueue'>>().toEqualTypeOf<CallResponse<'enqueue'>>();
  expectTypeOf<Response<'heartbeat'>>().toEqualTypeOf<CallResponse<'heartbeat'>>();
  expectTypeOf<Response<'cancelQueue'>>().toEqualTypeOf<CallResponse<'cancelQueue'>>();
  expectTypeOf<Request<'seeReadyCheck'>>().toEqualTypeOf<CallRequest<'seeReadyCheck'>>();
  expectTypeOf<Response<'seeReadyCheck'>>().toEqualTypeOf<CallResponse<'seeReadyCheck'>>();
  expectTypeOf<Request<'acceptMatch'>>().toEqualTypeOf<CallRequest<'acceptMatch'>>();
  expectTypeOf<Response<'acceptMatch'>>().toEqualTypeOf<CallResponse<'acceptMatch'>>();
  expectTypeOf<Request<'declineMatch'>>().toEqualTypeOf<CallRequest<'declineMatch'>>();
  expectTypeOf<Response<'declineMatch'>>().toEqualTypeOf<CallResponse<'declineMatch'>>();
  expectTypeOf<Request<'reportResult'>>().toEqualTypeOf<CallRequest<'reportResult'>>();
  expectTypeOf<Response<'reportResult'>>().toEqualTypeOf<CallResponse<'reportResult'>>();
  expectTypeOf<Request<'forfeit'>>().toEqualTypeOf<CallRequest<'forfeit'>>();
  expectTypeOf<Response<'forfeit'>>().toEqualTypeOf<CallResponse<'forfeit'>>();
  expectTypeOf<Request<'getMatchState'>>().toEqualTypeOf<CallRequest<'getMatchState'>>();
  expectTypeOf<Response<'getMatchState'>>().toEqualTypeOf<CallResponse<'getMatchState'>>();
  expectTypeOf<Request<'watchMatch'>>().toEqualTypeOf<CallRequest<'watchMatch'>>();
  expectTypeOf<Response<'watchMatch'>>().toEqualTypeOf<CallResponse<'watchMatch'>>();
  expectTypeOf<Unbranded<z.output<typeof view>>>().toEqualTypeOf<Streams['watchMatch']>();
});

/** The error codes the callable protocol sends (`status`), as docs/protocol.md lists them. */
const errorEnvelope = z.strictObject({
  error: z.strictObject({
    status: z.enum([
      'INVALID_ARGUMENT',
      'FAILED_PRECONDITION',
      'NOT_FOUND',
      'PERMISSION_DENIED',
      'RESOURCE_EXHAUSTED',
      'UNAUTHENTICATED',
      'ABORTED',
      'UNAVAILABLE',
      'DEADLINE_EXCEEDED',
    ]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** What the Auth REST API answers: no contract of ours, so only the fields a client reads are held to a shape. */
const auth = {
  'auth signInWithCustomToken response': z.looseObject({
    idToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.string(),
  }),
  'auth token response': z.looseObject({
    id_token: z.string(),
    refresh_token: z.string(),
    expires_in: z.string(),
    user_id: z.string(),
  }),
};

/** The schema a named example must fit: `<call> request` is `{ data }`, `<call> response` is `{ result }`. */
function schemaFor(name: string): z.ZodType | undefined {
  if (name === 'error') return errorEnvelope;
  if (name === 'view') return view;
  if (name === 'watchMatch event')
    return z.union([z.strictObject({ message: view }), z.strictObject({ result: streamEnd }), errorEnvelope]);
  if (name in auth) return auth[name as keyof typeof auth];
  const [call, part] = name.split(' ') as [string, string];
  if (!(call in calls)) return undefined;
  const shapes = calls[call as Documented];
  if (part === 'request') return z.strictObject({ data: shapes.request });
  if (part === 'response') return z.strictObject({ result: shapes.response });
  return undefined;
}

/** Every ```json block of the doc with the name the comment just above it gives (`<!-- json: enqueue request -->`). */
function examples(markdown: string) {
  const blocks = [...markdown.matchAll(/(?:<!-- json: ([^>]+?) -->\n)?```json\n([\s\S]*?)```/g)];
  return blocks.map(([, name, body], index) => ({ name: name ?? `unnamed block ${index + 1}`, body: body! }));
}

describe('docs/protocol.md', () => {
  const found = examples(DOC);

  it('has JSON examples, each named after what it shows', () => {
    expect(found.length).toBeGreaterThan(10);
    for (const { name } of found) expect(schemaFor(name), `no schema for the example "${name}"`).toBeDefined();
  });

  it.each(found)('shows a $name exactly as the server sends or accepts it', ({ name, body }) => {
    const example = JSON.parse(body) as unknown;
    const parsed = schemaFor(name)!.safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // Nothing left out that the server sends (a default would fill it in) and nothing it does not (stripped).
    expect(parsed.data).toEqual(example);
  });

  it('shows an example of every request and response a game sends and reads', () => {
    const names = new Set(found.map((e) => e.name));
    const wanted = ['login', 'enqueue', 'heartbeat', 'getMatchState']
      .flatMap((call) => [`${call} request`, `${call} response`])
      .concat(['seeReadyCheck request', 'acceptMatch request', 'reportResult request', 'cancelQueue response'])
      .concat(['watchMatch request', 'watchMatch event', 'error']);
    expect(wanted.filter((name) => !names.has(name))).toEqual([]);
  });
});
