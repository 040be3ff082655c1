import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultModes, modeSchema, parseModes } from '../../functions/src/core/mode/modes.js';

const validTeamMode = () => ({
  ladder: 'team',
  format: {
    kind: 'team',
    teamSize: 2,
    sideDifferenceCap: { hard: 50, schedule: [{ afterSeconds: 0, value: 20 }] },
  },
  spreadCap: {
    hard: 300,
    schedule: [
      { afterSeconds: 0, value: 100 },
      { afterSeconds: 20, value: 200 },
    ],
  },
  ticketTtlSeconds: 60,
});

describe('default modes (requirements 1 and 2)', () => {
  it('offers 1v1 to 5v5 and a free-for-all with a minimum and a maximum', () => {
    const teamSizes = Object.entries(defaultModes).flatMap(([id, mode]) =>
      mode.format.kind === 'team' ? [[id, mode.format.teamSize]] : [],
    );
    expect(teamSizes).toEqual([
      ['1v1', 1],
      ['2v2', 2],
      ['3v3', 3],
      ['4v4', 4],
      ['5v5', 5],
    ]);
    const ffa = defaultModes.ffa?.format;
    expect(ffa?.kind === 'ffa' && ffa.minPlayers < ffa.maxPlayers).toBe(true);
  });

  it('rates 1v1 on the solo ladder and every other mode on the team ladder', () => {
    const ladders = Object.fromEntries(Object.entries(defaultModes).map(([id, mode]) => [id, mode.ladder]));
    expect(ladders).toEqual({ '1v1': 'solo', '2v2': 'team', '3v3': 'team', '4v4': 'team', '5v5': 'team', ffa: 'team' });
  });

  it('defaults to the sameCount premade policy', () => {
    const fiveVsFive = defaultModes['5v5'];
    expect(fiveVsFive?.format.kind === 'team' && fiveVsFive.format.premade).toBe('sameCount');
  });
});

describe('parseModes', () => {
  it('fills in defaults for a valid table', () => {
    const modes = parseModes({ duo: validTeamMode() });
    expect(modes.duo?.format.kind === 'team' && modes.duo.format.premade).toBe('sameCount');
  });

  it('names the exact place of each problem', () => {
    const mode = validTeamMode();
    mode.spreadCap.schedule = [
      { afterSeconds: 0, value: 100 },
      { afterSeconds: 20, value: 80 },
      { afterSeconds: 10, value: 400 },
    ];
    expect(() => parseModes({ '2v2': mode })).toThrow(
      /modes\.2v2\.spreadCap\.schedule\[1\]\.value: a cap may only widen with waiting \(80 is below the previous 100\)/,
    );
    expect(() => parseModes({ '2v2': mode })).toThrow(
      /modes\.2v2\.spreadCap\.schedule\[2\]\.afterSeconds: steps must be ordered/,
    );
    expect(() => parseModes({ '2v2': mode })).toThrow(
      /modes\.2v2\.spreadCap\.schedule\[2\]\.value: 400 exceeds the hard cap 300/,
    );
  });

  it('rejects a schedule that does not start at queueing, a team larger than 5v5 and an unknown kind', () => {
    const late = validTeamMode();
    late.format.sideDifferenceCap.schedule = [{ afterSeconds: 5, value: 20 }];
    expect(() => parseModes({ late })).toThrow(
      /modes\.late\.format\.sideDifferenceCap\.schedule\[0\]\.afterSeconds: the first step must start at 0/,
    );
    const big = validTeamMode();
    big.format.teamSize = 6;
    expect(() => parseModes({ big })).toThrow(/modes\.big\.format\.teamSize/);
    expect(() => parseModes({ odd: { ...validTeamMode(), format: { kind: 'battle' } } })).toThrow(/modes\.odd\.format/);
  });

  it('rejects a free-for-all whose minimum exceeds its maximum', () => {
    const ffa = {
      ...validTeamMode(),
      format: { kind: 'ffa', minPlayers: 6, maxPlayers: 4, fillWaitSeconds: 10 },
    };
    expect(() => parseModes({ ffa })).toThrow(/modes\.ffa\.format\.minPlayers: must not exceed maxPlayers \(6 > 4\)/);
  });

  it('rejects an empty table and ids that cannot name a document', () => {
    expect(() => parseModes({})).toThrow(/at least one mode/);
    expect(() => parseModes({ 'a/b': validTeamMode() })).toThrow(/mode ids/);
  });

  it('keeps the mode schema extensible by the shell', () => {
    const withReadyCheck = modeSchema.extend({ readyCheckSeconds: z.number().default(10) });
    expect(withReadyCheck.parse(validTeamMode()).readyCheckSeconds).toBe(10);
  });
});
