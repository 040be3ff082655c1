import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8, utf8Stream } from '../../client/src/http/utf8.js';

/** Any text, emoji and all, as UTF-8 bytes cut into chunks at arbitrary points (as a body stream delivers them). */
const chunked = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }))
  .map(([text, cuts]) => {
    const bytes = [...Buffer.from(text, 'utf8')];
    const ends = [...new Set(cuts.map((c) => c % (bytes.length + 1))), bytes.length].sort((a, b) => a - b);
    const chunks = ends.map((end, i) => bytes.slice(i ? ends[i - 1] : 0, end));
    return { text, bytes, chunks };
  });

describe('UTF-8 decoding without TextDecoder (mini-game runtimes have none)', () => {
  it('decodes whole text as TextDecoder does', () => {
    fc.assert(fc.property(chunked, ({ text, bytes }) => utf8(bytes) === text));
  });

  it('decodes a stream cut anywhere, never handing out half a character', () => {
    fc.assert(
      fc.property(chunked, ({ text, chunks }) => {
        const decode = utf8Stream();
        const pieces = chunks.map((chunk) => decode(chunk));
        // Each piece is whole text: encoding it again gives back the bytes it stands for.
        for (const piece of pieces) expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
        expect(pieces.join('')).toBe(text);
      }),
    );
  });
});
