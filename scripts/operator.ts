/**
 * Makes an account an operator: sets the custom claim `admin: true`, which the rules ask for before anyone reads
 * calibration, review flags or other players' rooms (the operator view, lobby/operator.html). Runs against the
 * project or emulator the environment names (the admin SDK's usual credentials, or FIREBASE_AUTH_EMULATOR_HOST);
 * the claim reaches the account's next ID token (the operator view asks for a fresh one).
 *
 *   npm run operator -- --name operator     the emulators' dev login for this name (created if new)
 *   npm run operator -- --uid <uid>         any account, in a deployed project
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { getAuth } from 'firebase-admin/auth';
import { devUid } from '../functions/src/api/login.js';
import { app } from '../functions/src/store/firestore/db.js';

/** Grants the claim, creating the account first if it does not exist yet (a dev login signs in to it later). */
export async function grantOperator(uid: string): Promise<void> {
  const auth = getAuth(app);
  await auth.getUser(uid).catch(async (error: { code?: string }) => {
    if (error.code !== 'auth/user-not-found') throw error;
    await auth.createUser({ uid });
  });
  const { customClaims } = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...customClaims, admin: true });
}

export { devUid };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { name: { type: 'string' }, uid: { type: 'string' } } });
  if (!values.name === !values.uid) throw new Error('give --name (a dev login) or --uid, one of them');
  const uid = values.uid ?? devUid(values.name!);
  await grantOperator(uid);
  console.log(`${uid} is an operator (custom claim admin: true).`);
  process.exit(0);
}
