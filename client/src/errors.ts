/** Callable error codes, as the server sends them (the web SDK prefixes them with `functions/`). */
export type LadderErrorCode =
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

const CODES: ReadonlySet<string> = new Set<LadderErrorCode>([
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
]);

/**
 * Every failure the SDK reports: the server's refusal code (`failed-precondition`, `invalid-argument`, …)
 * without the `functions/` prefix, its message, and its details (for example `{ cooldownUntil }`).
 */
export class LadderError extends Error {
  override readonly name = 'LadderError';

  constructor(
    readonly code: LadderErrorCode,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Contention or a connection problem: repeating the same call may succeed. */
  get retryable(): boolean {
    return this.code === 'aborted' || this.code === 'unavailable' || this.code === 'deadline-exceeded';
  }
}

export const isLadderError = (error: unknown, code?: LadderErrorCode): error is LadderError =>
  error instanceof LadderError && (code === undefined || error.code === code);

/** Maps whatever the Firebase SDKs throw (functions/…, auth/…, Firestore codes) to a LadderError. */
export function toLadderError(error: unknown): LadderError {
  if (error instanceof LadderError) return error;
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  if (typeof code === 'string') {
    const bare = code.replace(/^(functions|firestore)\//, '');
    if (CODES.has(bare)) return new LadderError(bare as LadderErrorCode, text, details, { cause: error });
    if (code === 'auth/network-request-failed')
      return new LadderError('unavailable', text, { authCode: code }, { cause: error });
    if (code.startsWith('auth/')) return new LadderError('unauthenticated', text, { authCode: code }, { cause: error });
  }
  return new LadderError('unknown', text, details, { cause: error });
}
