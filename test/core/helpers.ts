import fc from 'fast-check';
import type { Mode } from '../../functions/src/core/mode/modes.js';
import { matchingScore, type Ticket } from '../../functions/src/core/match/ticket.js';
import { parseConfig } from '../../functions/src/core/config.js';

/** The default configuration's party bonus, which every test's tickets score by. */
export const PARTY_BONUS = parseConfig({}).advanced.partyBonusPerMember;

/** A fixed "now" for hand-built pools. */
export const NOW = 1_700_000_000_000;

let nextId = 0;

/** A ticket for a party with these ratings that has waited `waitSeconds` at `NOW`. */
export function ticket(ratings: readonly number[], waitSeconds = 0, id = `t${nextId++}`): Ticket {
  return {
    id,
    members: ratings.map((rating, i) => ({ uid: `${id}-p${i}`, rating })),
    score: matchingScore(ratings, PARTY_BONUS),
    enqueuedAt: NOW - waitSeconds * 1000,
  };
}

/** Solo tickets, one per rating. */
export function solos(ratings: readonly number[], waitSeconds = 0): Ticket[] {
  return ratings.map((rating) => ticket([rating], waitSeconds));
}

/** Freezes a value and everything it holds, so that any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A drawn party: its size, the score it clusters around, each member's offset from it, and its wait. */
export interface PartySpec {
  size: number;
  center: number;
  jitter: readonly number[];
  wait: number;
}

/** Tickets for drawn parties, with ids `${prefix}0`, `${prefix}1`, …. */
export function partiesFrom(specs: readonly PartySpec[], prefix: string): Ticket[] {
  return specs.map(({ size, center, jitter, wait }, i) =>
    ticket(
      jitter.slice(0, size).map((offset) => center + offset),
      wait,
      `${prefix}${i}`,
    ),
  );
}

const partySize = fc.oneof(
  { weight: 12, arbitrary: fc.constant(1) },
  { weight: 4, arbitrary: fc.constant(2) },
  { weight: 2, arbitrary: fc.constant(3) },
  { weight: 1, arbitrary: fc.constant(4) },
  { weight: 1, arbitrary: fc.constant(5) },
);

/**
 * Random pools for a mode: mostly solos, some parties up to five (larger than some modes allow), ratings
 * clustered enough that matches form, waits from fresh to past the time-to-live.
 */
export function poolArbitrary(mode: Mode, maxTickets = 40): fc.Arbitrary<Ticket[]> {
  const spec = fc.record({
    size: partySize,
    center: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1450, max: 1550 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1000, max: 2000 }) },
    ),
    jitter: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 5, maxLength: 5 }),
    // Mostly within one time-to-live; some longer, as heartbeats allow.
    wait: fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0, max: mode.ticketTtlSeconds }) },
      { weight: 1, arbitrary: fc.integer({ min: mode.ticketTtlSeconds + 1, max: mode.ticketTtlSeconds * 3 }) },
    ),
  });
  return fc.array(spec, { maxLength: maxTickets, size: 'max' }).map((specs) => partiesFrom(specs, 'r'));
}

/**
 * Small pools whose parties sit apart in score, so that the parties nearest a ticket are often not the
 * ones it can play with, and waits that land on every step of the caps. `weights`: how often a ticket is a
 * solo, a 2-stack, or a larger party (3 to 5).
 */
export const sparsePoolArbitrary = (maxTickets: number, weights: readonly [number, number, number] = [6, 3, 2]) =>
  fc
    .array(
      fc.record({
        size: fc.oneof(
          { weight: weights[0], arbitrary: fc.constant(1) },
          { weight: weights[1], arbitrary: fc.constant(2) },
          { weight: weights[2], arbitrary: fc.integer({ min: 3, max: 5 }) },
        ),
        center: fc.integer({ min: 1350, max: 1650 }),
        jitter: fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 5, maxLength: 5 }),
        wait: fc.integer({ min: 0, max: 60 }),
      }),
      { maxLength: maxTickets },
    )
    .map((specs) => partiesFrom(specs, 's'));

/**
 * Pools drawn from seed 004's population: party sizes 1–5 alike, each member's rating uniform over 0–3,000
 * (so party scores bunch in the middle of the scale while solos spread), waits up to `maxWait` seconds.
 */
export const scalePoolArbitrary = (
  maxWait: number,
  length: { minLength?: number; maxLength: number; size?: fc.SizeForArbitrary },
) =>
  fc
    .array(
      fc.record({
        size: fc.integer({ min: 1, max: 5 }),
        ratings: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 5, maxLength: 5 }),
        wait: fc.integer({ min: 0, max: maxWait }),
      }),
      length,
    )
    .map((specs) => specs.map(({ size, ratings, wait }) => ticket(ratings.slice(0, size), wait)));
