import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';
import { maxPartySize, partyCapacity } from '../../functions/src/core/mode/partyCapacity.js';

describe('the studio configuration', () => {
  it('defaults to the two ladders, 1v1 to 5v5 and a free-for-all, each mode on a configured ladder', () => {
    const config = parseConfig({});
    expect(Object.keys(config.ladders)).toEqual(['solo', 'team']);
    expect(Object.keys(config.modes)).toEqual(['1v1', '2v2', '3v3', '4v4', '5v5', 'ffa']);
    expect(config.modes['1v1']!.ladder).toBe('solo');
    for (const id of ['2v2', '3v3', '4v4', '5v5']) expect(config.modes[id]!.ladder).toBe('team');
    expect(maxPartySize(config.modes)).toBe(5);
  });

  it('accepts the example in docs/configuration.md', () => {
    const manual = readFileSync('docs/configuration.md', 'utf8');
    const example = /### An example[\s\S]*?```json\n([\s\S]*?)```/.exec(manual)![1]!;
    const config = parseConfig(JSON.parse(example));
    expect(config.modes.royale!.format).toMatchObject({ kind: 'ffa', maxPlayers: 12 });
    expect(partyCapacity(config.modes.royale!)).toBe(5);
    expect(partyCapacity(config.modes['1v1']!)).toBe(1);
  });

  it('accepts the choices example in docs/configuration.md', () => {
    const manual = readFileSync('docs/configuration.md', 'utf8');
    const example = /### Choices[\s\S]*?```json\n([\s\S]*?)```/.exec(manual)![1]!;
    const { choices } = parseConfig(JSON.parse(example)).modes.tactics!;
    expect(choices?.map).toEqual({ kind: 'overlap', values: ['dust', 'mirage', 'nuke'], relaxAfterSeconds: 30 });
    expect(choices?.lang).toEqual({ kind: 'equal', values: ['en', 'zh'], relaxAfterSeconds: null });
  });

  it('names the field of every mistake', () => {
    expect(() => parseConfig({ ladders: { solo: { k: 1.5 } } })).toThrow(/ladders\.solo\.k: k must be a whole number/);
    expect(() => parseConfig({ modes: { duo: { ...parseConfig({}).modes['2v2'], ladder: 'duo' } } })).toThrow(
      /modes\.duo\.ladder: names ladder "duo", which is not configured/,
    );
    expect(() => parseConfig({ advanced: { matcher: { sweepIntervalSeconds: 0 } } })).toThrow(
      /advanced\.matcher\.sweepIntervalSeconds/,
    );
    expect(() => parseConfig({ matchers: {} })).toThrow(/Unrecognized key.*matchers/);
    expect(() => parseConfig({ functions: { region: 'Europe' } })).toThrow(/functions\.region: .*"europe-west1"/);
    expect(() => parseConfig({ functions: { memory: '300MiB' } })).toThrow(/functions\.memory/);
    expect(() => parseConfig({ functions: { minInstances: -1 } })).toThrow(/functions\.minInstances/);
  });

  it('runs the functions in us-central1 with 256 MiB and no warm instances unless told otherwise', () => {
    expect(parseConfig({}).functions).toEqual({ region: 'us-central1', memory: '256MiB', minInstances: 0 });
    expect(parseConfig({ functions: { region: 'asia-east1' } }).functions.region).toBe('asia-east1');
  });

  it('keeps the ladder in the default database unless a named one is given, and names the field of a bad id', () => {
    expect(parseConfig({}).firestore).toEqual({ database: '(default)' });
    expect(parseConfig({ firestore: { database: 'ladder' } }).firestore.database).toBe('ladder');
    for (const bad of ['Ladder', 'lad', '9ladder', 'ladder-', '(ladder)', ''])
      expect(() => parseConfig({ firestore: { database: bad } }), bad).toThrow(/firestore\.database: must be/);
    expect(() => parseConfig({ firestore: { databse: 'ladder' } })).toThrow(/Unrecognized key.*databse/);
  });

  it('keeps the implementation constants under advanced, with the original party bonus of 10 per member', () => {
    expect(parseConfig({}).advanced).toEqual({
      matcher: { sweepIntervalSeconds: 2, runSeconds: 55, statsEverySeconds: 10, concurrency: 8, runs: 1 },
      partyBonusPerMember: 10,
    });
    const advanced = parseConfig({ advanced: { matcher: { runs: 2 }, partyBonusPerMember: 0 } }).advanced;
    expect(advanced).toEqual({ matcher: { ...parseConfig({}).advanced.matcher, runs: 2 }, partyBonusPerMember: 0 });
  });

  it('refuses the former places of the advanced settings, naming where each moved', () => {
    expect(() => parseConfig({ matcher: { runs: 2 } })).toThrow(
      'Invalid configuration: matcher: has moved to advanced.matcher, set it there',
    );
    const twoVsTwo = { ...parseConfig({}).modes['2v2'], partyBonusPerMember: 10 };
    expect(() => parseConfig({ modes: { '2v2': twoVsTwo } })).toThrow(
      'Invalid configuration: modes.2v2.partyBonusPerMember: has moved to advanced.partyBonusPerMember, set it there',
    );
  });
});
