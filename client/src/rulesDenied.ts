import { LadderError } from './errors.js';

// One console line per database: a listener retrying with backoff would otherwise repeat it for ever.
const told = new Set<string>();

/**
 * A refused read of what the ladder's rules grant every signed-in player (their own state, their ticket, their
 * rooms) means the database serves other rules: a named database that never got the ladder's, say. Left as
 * Firestore words it ("Missing or insufficient permissions"), the player just stays queued and nothing says why,
 * so the error names the rules and how to load them, and the console says it once even if nobody listens.
 */
export function rulesDenied(error: LadderError, path: string, database: string): LadderError {
  if (error.code !== 'permission-denied') return error;
  const message =
    `Firestore refused this player's read of ${path} in database "${database}", which the ladder's security ` +
    `rules allow: that database is not serving the ladder's rules. Deploy them with the ladder's database ` +
    `(firebase deploy --only firestore), or load them into the running emulator with ` +
    `\`npx ladder-firestore emulator ${database} path/to/firebase.json\` (docs/quickstart.md).`;
  if (!told.has(database)) {
    told.add(database);
    console.error(`[ladder] ${message}`);
  }
  return new LadderError('permission-denied', message, error.details, { cause: error });
}
