import { describe, expect, it } from 'vitest';
import { toHttpsError } from '../../functions/src/api/callable.js';

/** The shape the admin SDK rejects with when the backend answers a transaction's read with a gRPC status. */
const grpcError = (code: number, details: string) =>
  Object.assign(new Error(`${code} ${details}`), { code, details, metadata: {} });

describe('what a callable answers when Firestore gives up', () => {
  it('answers a transaction the backend closed under lock contention as aborted, which the SDK retries', () => {
    expect(toHttpsError(grpcError(3, 'Transaction is invalid or closed.')).code).toBe('aborted');
    expect(toHttpsError(grpcError(10, 'Too much contention on these documents.')).code).toBe('aborted');
  });

  it('keeps any other unexpected error internal, logged, with no detail of it in the message', () => {
    const answer = toHttpsError(grpcError(3, 'Document name is invalid.'));
    expect(answer.code).toBe('internal');
    expect(answer.message).not.toContain('Document name');
  });
});
