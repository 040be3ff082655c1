import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentIdSchema } from '../../functions/src/core/ids.js';
import { ffaReportSchema, teamReportSchema } from '../../functions/src/core/room/room.js';
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
