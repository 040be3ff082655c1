import { describe, expect, it } from 'vitest';
import { isContention, isTransient, mayNotHaveWritten } from '../../functions/src/store/firestore/grpc.js';

/** An error as the admin SDK rejects a call with: a gRPC status code and its details. */
const rejected = (code: number, details = '') => Object.assign(new Error(`${code} ${details}`), { code, details });

describe("the admin SDK's refusals, as the shell reads them", () => {
  it('take a plain write that lost its race, or whose outcome is unknown, as one to decide again', () => {
    expect(mayNotHaveWritten(rejected(9, 'the stored version does not match the required base version'))).toBe(true);
    // Seen from the Firestore emulator under load: an update with a last-update-time precondition answered UNKNOWN.
    expect(mayNotHaveWritten(rejected(2))).toBe(true);
    for (const code of [3, 5, 6, 7, 10]) expect(mayNotHaveWritten(rejected(code))).toBe(false);
    expect(mayNotHaveWritten(new Error('plain'))).toBe(false);
  });

  it('take an aborted transaction, or one the emulator closed while it waited for a lock, as contention', () => {
    expect(isContention(rejected(10, 'Too much contention on these documents.'))).toBe(true);
    expect(isContention(rejected(3, 'Transaction is invalid or closed'))).toBe(true);
    expect(isContention(rejected(3, 'a document id may not contain "/"'))).toBe(false);
    expect(isContention(rejected(2))).toBe(false);
  });

  it('take a database that did not answer, or could not say what it did, as a call to repeat', () => {
    for (const code of [2, 4, 14]) expect(isTransient(rejected(code))).toBe(true);
    for (const code of [3, 5, 9, 10]) expect(isTransient(rejected(code))).toBe(false);
    // A refusal of this code's own, by name, is never taken for the database's.
    expect(isTransient(Object.assign(new Error('x'), { code: 'unavailable' }))).toBe(false);
  });
});
