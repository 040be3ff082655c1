import type { Endpoints } from './emulators.js';

/**
 * DELETE on an emulator endpoint. The Firestore emulator keeps the listen stream of a connection that was cut
 * (a relay test, a closed browser, a bot that vanished) until a write tries to notify it: that write (here, the
 * clearing) fails once, dropping the stream, and succeeds when repeated.
 */
async function clearEndpoint(url: string) {
  let status = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(url, { method: 'DELETE' });
    await response.arrayBuffer();
    if (response.ok) return;
    status = response.status;
  }
  throw new Error(`clearing the emulators failed: ${status} (${url})`);
}

/** Empties one project's database on a Firestore emulator. */
export const clearFirestore = (host: string, projectId: string, database = '(default)') =>
  clearEndpoint(`http://${host}/emulator/v1/projects/${projectId}/databases/${database}/documents`);

/** Empties the emulators' Firestore and Auth: what tests do between cases and a simulation before it starts. */
export async function clearEmulators(endpoints: Pick<Endpoints, 'projectId' | 'firestoreHost' | 'authHost'>) {
  const base = `projects/${endpoints.projectId}`;
  await Promise.all([
    clearFirestore(endpoints.firestoreHost, endpoints.projectId),
    clearEndpoint(`http://${endpoints.authHost}/emulator/v1/${base}/accounts`),
  ]);
}
