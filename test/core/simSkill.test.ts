import { describe, expect, it } from 'vitest';
import { trueChance } from '../../tools/trueSkill.js';
import { parseConfig } from '../../functions/src/core/config.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { defaultOptions } from '../../sim/options.js';
import type { SimulationResult } from '../../sim/simulation.js';
import { skillFigures } from '../../sim/skill.js';

const config = parseConfig({ ladders: { solo: {}, team: { rating: { system: 'openskill' } } } }, 'test');
const truth = { a: 1900, b: 1700, c: 1500, d: 1300 };

/** Rows as the history keeps them: each bot's rating after each game, in time order. */
const history = (ladder: string, ratings: Record<string, number[]>) =>
  Object.entries(ratings).flatMap(([uid, after]) =>
    after.map((ratingAfter, i) => ({ uid, ladder, ratingAfter, settledAt: i })),
  );

const duel = (id: string, winProbabilityA: number, outcome: 'A' | 'B' | 'draw', a = 'a', b = 'd') =>
  ({
    id,
    kind: 'team',
    status: 'settled',
    createdAt: 10,
    sides: [{ tickets: [{ members: [{ uid: a }] }] }, { tickets: [{ members: [{ uid: b }] }] }],
    result: { outcome },
    quality: { winProbabilityA },
    bots: [],
  }) as unknown as RoomDoc;

const result = (rows: ReturnType<typeof history>, rooms: RoomDoc[] = []) =>
  ({
    options: defaultOptions(4),
    startedAt: 0,
    trueSkills: truth,
    snapshot: { history: rows, rooms },
  }) as unknown as SimulationResult;

describe("the simulation's ratings against true skill", () => {
  it('correlates each bot’s rating after its Nth game, counting only bots that played N games', () => {
    // After one game the order is reversed; by the third it is right, but only a, b and c got there; d ends
    // above c.
    const rows = history('solo', { a: [1490, 1600, 1700], b: [1495, 1550, 1650], c: [1500, 1520, 1600], d: [1620] });
    const solo = skillFigures(result(rows), config).ladders.find((l) => l.ladder === 'solo')!;
    expect(solo.system).toBe('elo');
    expect(solo.afterGames.slice(0, 2)).toEqual([
      { games: 1, players: 4, spearman: -1 },
      { games: 3, players: 3, spearman: 1 },
    ]);
    expect(solo.afterGames[2]).toEqual({ games: 5, players: 0, spearman: null });
    expect(solo.final.spearman).toBeCloseTo(0.8, 12);
    expect(skillFigures(result(rows), config).ladders.find((l) => l.ladder === 'team')!.system).toBe('openskill');
  });

  it("scores the rooms' stored forecasts against outcomes, beside the true chances", () => {
    const rooms = [duel('r1', 0.9, 'A'), duel('r2', 0.6, 'B'), duel('r3', 0.5, 'draw')];
    const { forecasts } = skillFigures(result([], rooms), config);
    expect(forecasts.rooms).toBe(3);
    // A game against bots forecasts the bots' ratings, not a player's skill: it is left out.
    const againstBots = { ...duel('r4', 0.5, 'A'), bots: [{ seat: 1, side: 1, rating: 1500, name: 'Bot 1' }] };
    expect(skillFigures(result([], [...rooms, againstBots]), config).forecasts.rooms).toBe(3);
    // (0.1² + 0.6² + 0²) per side, both sides alike.
    expect(forecasts.brier).toBeCloseTo((0.01 + 0.36 + 0) / 3, 12);
    // The true chance of a (1900) against d (1300), scored against the same three outcomes.
    const p = trueChance([1900], [1300], defaultOptions(4).trueSkill.noise);
    expect(p).toBeCloseTo(0.983, 3);
    expect(forecasts.trueBrier).toBeCloseTo(((1 - p) ** 2 + p ** 2 + (p - 0.5) ** 2) / 3, 12);
    const buckets = forecasts.calibration.filter((b) => b.count > 0);
    expect(buckets.map((b) => [b.from, b.count, b.winRate])).toEqual([
      [0, 1, 0], // 1 − 0.9 is a hair under 0.1
      [0.4, 1, 1],
      [0.5, 2, 0.5],
      [0.6, 1, 0],
      [0.9, 1, 1],
    ]);
  });
});
