import { expect } from 'vitest';
import { config } from '../../functions/src/config.js';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db } from './admin.js';
import type { Client } from './client.js';

export interface Room {
  id: string;
  mode: string;
  status: string;
  kind: 'team' | 'ffa';
  memberUids: string[];
  sides: { tickets: { ticketId: string; partyId: string | null; members: { uid: string; rating: number }[] }[] }[];
  quality: { spread: number; sideDifference: number | null; winProbabilityA: number | null };
  readyCheck: { deadline: number; accepted: string[]; declined: string[] } | null;
  ratingChanges: Record<string, { before: number; after: number; delta: number }> | null;
  result: unknown;
}

export const enqueue = (client: Client, mode: string) => client.call('enqueue', { mode });

/** One scheduled matcher run, short: what Cloud Scheduler would start every minute. */
export const sweep = (durationMs = 1_200) => runMatcher({ durationMs, intervalMs: 300 });

export const ticketOf = async (mode: string, id: string) => (await db.doc(`pools/${mode}/tickets/${id}`).get()).data()!;
export const roomOf = async (id: string) => (await db.doc(`rooms/${id}`).get()).data() as Room;
export const presenceOf = async (client: Client) => (await client.call('getProfile')).presence;

export const sideUids = (room: Room) =>
  room.sides.map((side) => side.tickets.flatMap((t) => t.members.map((m) => m.uid)).sort());
export const roomTickets = (room: Room) => room.sides.flatMap((side) => side.tickets);

/** Reads the whole database and asserts every invariant of docs/design.md. */
export async function expectInvariants() {
  expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
