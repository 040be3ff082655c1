import { devUid, grantOperator } from '../../scripts/operator.js';
import { db } from './admin.js';
import { devPlayer, type Client } from './client.js';

/** An operator: a dev login whose account carries the admin claim before it signs in. */
export async function operator(name = 'Olga Operator'): Promise<Client> {
  await grantOperator(devUid(name));
  return devPlayer(name);
}

/** The audit rows, oldest first. */
export async function auditRows() {
  const rows = (await db.collection('audit').get()).docs.map((d) => d.data());
  return rows.sort((a, b) => a.at - b.at);
}

export const stateOf = async (uid: string) => (await db.doc(`playerStates/${uid}`).get()).data()!;
export const profileOf = async (uid: string) => (await db.doc(`players/${uid}`).get()).data()!;
