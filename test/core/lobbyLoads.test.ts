import { describe, expect, it } from 'vitest';
import { newestOnly } from '../../lobby/src/newest.js';

/** A card's load as the lobby writes it: ask the server, then show the answer if no newer load began meanwhile. */
function card() {
  const loads = newestOnly();
  const shown: string[] = [];
  const load = async (answer: Promise<string>) => {
    const newest = loads.begin();
    const text = await answer;
    if (newest()) shown.push(text);
  };
  return { load, shown };
}

describe("the lobby's overlapping loads", () => {
  it('keeps the answer to the newer load when the older one answers last', async () => {
    const { load, shown } = card();
    let answerStart!: (text: string) => void;
    const atStart = load(new Promise((resolve) => (answerStart = resolve)));
    const afterGame = load(Promise.resolve('You: #1 with 1516'));
    await afterGame;
    answerStart('Finish your placement games on this ladder to be ranked.');
    await atStart;
    expect(shown).toEqual(['You: #1 with 1516']);
  });

  it('shows every answer of loads that do not overlap', async () => {
    const { load, shown } = card();
    await load(Promise.resolve('first'));
    await load(Promise.resolve('second'));
    expect(shown).toEqual(['first', 'second']);
  });
});
