import { expect } from 'vitest';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db } from './admin.js';
import type { Client } from './client.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { testContext } from './context.js';
import type { Unbranded } from './unbranded.js';

const ctx = testContext();
const { config } = ctx;

/** A room as the server stores it (one source for the document's shape), read as a client reads it. */
export type Room = Unbranded<RoomDoc>;

export const enqueue = (client: Client, mode: string) => client.call('enqueue', { mode });

/** One scheduled matcher run, short: what Cloud Scheduler would start every minute. */
export const sweep = (durationMs = 1_200) => runMatcher(ctx, { durationMs, intervalMs: 300 });

export const ticketOf = async (mode: string, id: string) => (await db.doc(`pools/${mode}/tickets/${id}`).get()).data()!;
export const roomOf = async (id: string) => (await db.doc(`rooms/${id}`).get()).data() as Room;
export const presenceOf = async (client: Client) => (await client.call('getProfile')).presence;
/** The player's history as every client reads it (`getHistory`), newest first. */
export const historyOf = async (client: Client, page: { limit?: number; before?: number } = {}) =>
  (await client.call('getHistory', page)).rows;
/** The player's row for one room (or its `void:` reversal, by that id); undefined when their history has none. */
export const historyRowOf = async (client: Client, id: string) =>
  (await historyOf(client, { limit: 100 })).find((row) => row.id === id);

export const sideUids = (room: Room) =>
  room.sides.map((side) => side.tickets.flatMap((t) => t.members.map((m) => m.uid)).sort());
export const roomTickets = (room: Room) => room.sides.flatMap((side) => side.tickets);

/** Reads the whole database and asserts every invariant of docs/design.md. */
export async function expectInvariants() {
  expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
}
