import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentIdSchema } from '../../functions/src/core/ids.js';
import { ffaReportSchema, teamReportSchema } from '../../functions/src/core/room/room.js';
import { rttsSchema } from '../../functions/src/core/mode/regions.js';
import { formatIssues } from '../../functions/src/core/validation.js';

const report = z.union([
  teamReportSchema.extend({ roomId: documentIdSchema }),
  ffaReportSchema.extend({ roomId: documentIdSchema }),
]);
const problem = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  if (result.success) throw new Error(`expected ${JSON.stringify(data)} to be refused`);
  return formatIssues(result.error);
};

describe('refusal messages', () => {
  it('name the field and the accepted forms where no alternative of a union matched', () => {
    expect(problem(report, { roomId: 'r1', outcome: 'C' })).toBe(
      'outcome: Invalid option: expected one of "A"|"B"|"draw"',
    );
    expect(problem(report, { outcome: 'A' })).toBe('roomId: Invalid input: expected string, received undefined');
    expect(problem(report, { roomId: 'r1', placements: { a: 0 } })).toMatch(/^placements\.a: /);
  });

  it('say why an id cannot name a document', () => {
    expect(problem(documentIdSchema, 'a/b')).toBe('must not contain "/"');
    expect(problem(documentIdSchema, '..')).toBe('must not be "." or ".."');
    expect(problem(documentIdSchema, '__proto__')).toBe('must not have the reserved form __name__');
    expect(documentIdSchema.parse('dev:alice')).toBe('dev:alice');
  });
});

describe('refusal messages quote little of what was sent', () => {
  const request = z.strictObject({ mode: z.enum(['1v1', '2v2']), rtts: rttsSchema.optional() });

  it('cut an unknown key of 5,000 characters to a few dozen', () => {
    const message = problem(request, { mode: '1v1', ['k'.repeat(5000)]: 1 });
    expect(message).toBe(`Unrecognized key: "${'k'.repeat(40)}…"`);
  });

  it('name a few of 15,000 unknown keys and count the rest', () => {
    const keys = Object.fromEntries(Array.from({ length: 15_000 }, (_, i) => [`key${i}`, i]));
    expect(problem(request, { mode: '1v1', ...keys })).toBe(
      'Unrecognized keys: "key0", "key1", "key2", "key3", "key4" and 14995 more',
    );
  });

  it('cut a bad record key where it is named, and name at most five problems', () => {
    const rtts = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`${'!'.repeat(3000)}${i}`, 1]));
    const message = problem(request, { mode: '1v1', rtts });
    expect(message).toMatch(/^rtts\.!{40}…: region ids are 1 to 32/);
    expect(message).toMatch(/; and 7 more problems$/);
    expect(message.length).toBeLessThan(600);
  });

  it('stay short whatever keys and values are sent', () => {
    const hostile = fc.dictionary(fc.string({ maxLength: 3000 }), fc.anything(), { maxKeys: 50 });
    fc.assert(
      fc.property(hostile, hostile, (top, rtts) => {
        const result = request.safeParse({ ...top, rtts });
        if (!result.success) expect(formatIssues(result.error).length).toBeLessThan(1200);
      }),
      { numRuns: 200 },
    );
  });
});
