/** The gRPC status codes the admin SDK rejects Firestore calls with (`error.code`), those the shell acts on. */
export const GRPC = {
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  DEADLINE_EXCEEDED: 4,
  UNAVAILABLE: 14,
} as const;

export const grpcCode = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

/**
 * A plain write that may not have happened: it lost the race to another writer (its precondition failed), or its
 * outcome is unknown (the emulator has answered a precondition update `2 UNKNOWN` with no details while others held
 * the document). Reading the document again tells which: a decision made from what it now holds never applies
 * twice.
 */
export function mayNotHaveWritten(error: unknown): boolean {
  const code = grpcCode(error);
  return code === GRPC.FAILED_PRECONDITION || code === GRPC.UNKNOWN;
}

/**
 * The database did not answer, or could not say what became of a write: a call may be repeated (every callable's
 * change is one a repeat does not apply twice), so the client is told to retry rather than that the server broke.
 */
export function isTransient(error: unknown): boolean {
  const code = grpcCode(error);
  return code === GRPC.UNKNOWN || code === GRPC.DEADLINE_EXCEEDED || code === GRPC.UNAVAILABLE;
}

/**
 * Firestore gave up on a transaction because others held its documents: ABORTED once the SDK's own retries ran
 * out, or, from the emulator, INVALID_ARGUMENT "Transaction is invalid or closed" when it closed a transaction
 * that waited too long for a lock and the transaction read again. Nothing was written; the caller may retry.
 */
export function isContention(error: unknown): boolean {
  const code = grpcCode(error);
  if (code === GRPC.ABORTED || code === 'aborted') return true;
  const details = String((error as { details?: unknown } | null | undefined)?.details ?? '');
  return code === GRPC.INVALID_ARGUMENT && /transaction is invalid or closed/i.test(details);
}
