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

const NO_ANSWER = 'Could not reach the server: the connection failed before it answered.';

/** Maps whatever the Firebase SDKs throw (functions/…, auth/…, Firestore codes) to a LadderError. */
export function toLadderError(error: unknown): LadderError {
  if (error instanceof LadderError) return error;
  const { code, message, details } = (error ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  if (typeof code === 'string') {
    // The functions SDK reports a request that got no answer at all (the connection failed) as `internal` with
    // HTTP status 0; the server never saw it, or never answered, so it is a connection problem to retry.
    if (code === 'functions/internal' && / \[0\]$/.test(text))
      return new LadderError('unavailable', NO_ANSWER, undefined, { cause: error });
    const bare = code.replace(/^(functions|firestore)\//, '');
    // The functions SDK appends the HTTP status (" [400]") to the server's message; players need only the message.
    const message = code.startsWith('functions/') ? text.replace(/ \[\d{3}\]$/, '') : text;
    if (CODES.has(bare)) return new LadderError(bare as LadderErrorCode, message, details, { cause: error });
    if (code === 'auth/network-request-failed')
      return new LadderError('unavailable', text, { authCode: code }, { cause: error });
    if (code.startsWith('auth/')) return new LadderError('unauthenticated', text, { authCode: code }, { cause: error });
  }
  return new LadderError('unknown', text, details, { cause: error });
}

/**
 * A callable's arguments as JSON can carry them: NaN and ±Infinity cannot be sent (the functions SDK would throw
 * a bare "Data cannot be encoded"), so they are refused here as `invalid-argument` naming the field.
 */
export function unsendable(call: string, data: unknown, path = ''): LadderError | null {
  if (typeof data === 'number' && !Number.isFinite(data)) {
    return new LadderError(
      'invalid-argument',
      `${call}: ${path || 'the argument'} must be a finite number, got ${data}.`,
      { field: path },
    );
  }
  if (data === null || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    const failure = unsendable(call, value, path ? `${path}.${key}` : key);
    if (failure) return failure;
  }
  return null;
}
