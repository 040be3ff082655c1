/**
 * Loading a database's rules into a running Cloud Firestore emulator, which `firebase emulators:start` does not do
 * for a named database: one PUT of the rules file to the emulator's own endpoint, run by
 * `ladder-firestore emulator` (cli.ts). A refusal is an error naming the status and the emulator's answer, never
 * a silent success that leaves the database on other rules.
 */

export interface EmulatorTarget {
  /** host:port of the Firestore emulator. */
  host: string;
  project: string;
  database: string;
}

/** The emulator's endpoint for a database's rules. */
export const rulesEndpoint = ({ host, project, database }: EmulatorTarget) =>
  `http://${host}/emulator/v1/projects/${encodeURIComponent(project)}/databases/${encodeURIComponent(database)}:securityRules`;

/** Puts `rules` (the text of a rules file named `name`) on the target's database; throws on any non-2xx answer. */
export async function loadEmulatorRules(target: EmulatorTarget, name: string, rules: string): Promise<void> {
  const url = rulesEndpoint(target);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      // Without a JSON content type the emulator answers 404 and keeps the rules it had.
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name, content: rules }] } }),
    });
  } catch (error) {
    throw new Error(`no Firestore emulator answered at ${target.host} (${(error as Error).message}): start it first`);
  }
  if (!response.ok)
    throw new Error(
      `the Firestore emulator refused the rules of "${target.database}": ${response.status} ${await response.text()}`,
    );
}
