/**
 * The failures a player can cause, in the vocabulary of callable error codes, so the shell can answer every
 * refusal with a precise `HttpsError` while `core` stays free of Firebase.
 */
export type FailureCode =
  | 'invalid-argument'
  | 'failed-precondition'
  | 'not-found'
  | 'permission-denied'
  | 'unauthenticated'
  | 'already-exists'
  | 'resource-exhausted'
  | 'deadline-exceeded'
  | 'unavailable'
  | 'aborted';

export class Failure extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'Failure';
  }
}

/** A configuration a studio wrote (or the loader found) that cannot run: fails the deploy, naming each problem. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function fail(code: FailureCode, message: string, details?: Record<string, unknown>): never {
  throw new Failure(code, message, details);
}
