/** The gRPC status codes the admin SDK rejects Firestore calls with (`error.code`), those the shell acts on. */
export const GRPC = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
} as const;

export const grpcCode = (error: unknown): unknown => (error as { code?: unknown } | null | undefined)?.code;

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
