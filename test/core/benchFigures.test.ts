import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The leaderboard's read figures the docs publish are the bench's: `npm run bench:leaderboard` writes
// bench/leaderboard.json, and each sentence quoting it must name a board the bench built and its figures.

interface Range {
  least: number;
  most: number;
}
interface Board {
  ranked: number;
  top20: Range;
  around5: Range;
  friends100: Range;
}

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const { boards } = JSON.parse(read('bench/leaderboard.json')) as { boards: Board[] };
const number = (text: string) => Number(text.replaceAll(',', ''));
const range = (least: string, most: string): Range => ({ least: number(least), most: number(most) });

/** The board of this size, which the bench must have built. */
function board(size: string): Board {
  const found = boards.find((b) => b.ranked === number(size));
  if (!found)
    throw new Error(`the docs quote a board of ${size} ranked players; the bench built ${boards.map((b) => b.ranked)}`);
  return found;
}

/** Every match of `pattern` in `text`; the docs must quote the figures at least once. */
function quotes(text: string, pattern: RegExp): RegExpExecArray[] {
  const found = [...text.matchAll(new RegExp(pattern, 'g'))];
  expect(found.length, `no sentence matching ${pattern}`).toBeGreaterThan(0);
  return found;
}

describe("the docs' leaderboard read figures", () => {
  it('are those the bench measured on a board of exactly the size they name', () => {
    expect(boards.length).toBeGreaterThan(0);
    const sdk = read('docs/client-sdk.md').replace(/\s+/g, ' ');
    for (const [, size, least, most, friendsLeast, friendsMost] of quotes(
      sdk,
      /at ([\d,]+) ranked players a window of 5 either side costs (\d+)–(\d+) reads and a scattered 100-friend list (\d+)–(\d+)/,
    )) {
      expect(range(least!, most!)).toEqual(board(size!).around5);
      expect(range(friendsLeast!, friendsMost!)).toEqual(board(size!).friends100);
    }
    for (const [, size, top, around] of quotes(
      sdk,
      /worst case on a board of ([\d,]+) ranked players is near its bottom: (\d+) reads for the top 20 and (\d+) for the window/,
    )) {
      expect(number(top!)).toBe(board(size!).top20.most);
      expect(number(around!)).toBe(board(size!).around5.most);
    }
    const contributing = read('docs/CONTRIBUTING.md').replace(/\s+/g, ' ');
    for (const [, size, topLeast, topMost, least, most, friendsLeast, friendsMost] of quotes(
      contributing,
      /At ([\d,]+) ranked: top 20 costs (\d+)–(\d+) reads, the window (\d+)–(\d+), the friends list (\d+)–(\d+)/,
    )) {
      expect(range(topLeast!, topMost!)).toEqual(board(size!).top20);
      expect(range(least!, most!)).toEqual(board(size!).around5);
      expect(range(friendsLeast!, friendsMost!)).toEqual(board(size!).friends100);
    }
  });
});

// The season close's figures in docs/operations.md are `npm run bench:season`'s, which writes bench/season.json.
interface SeasonRun {
  players: number;
  seconds: number;
  reads: number;
  writes: number;
  readsPerPlayer: number;
  writesPerPlayer: number;
}

describe("the docs' season close figures", () => {
  it('are those bench/season.json holds, one table row per board the bench closed', () => {
    const { results } = JSON.parse(read('bench/season.json')) as { results: SeasonRun[] };
    expect(results.length).toBeGreaterThan(0);
    const rows = read('docs/operations.md')
      .split('\n')
      .filter((line) => /^\| [\d,]+ +\| [\d.]+ s/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => number(cell.trim().replace(/ s$/, ''))),
      );
    expect(rows).toEqual(
      results.map((r) => [r.players, r.seconds, r.reads, r.writes, r.readsPerPlayer, r.writesPerPlayer]),
    );
  });
});
