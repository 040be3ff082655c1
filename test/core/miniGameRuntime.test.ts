import ts from 'typescript';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestAdapter, RequestOptions } from '@ladder/client/http';
import { miniGameBundle } from '../../scripts/bundleSize.js';
import { ERR, miniGameRealm } from '../support/miniGame.js';

/**
 * What a mini-game runtime offers the SDK besides ECMAScript 2019: the timers and `console`. Everything else
 * (the request function, `fetch` elsewhere) comes in through `createLadder`'s options.
 */
const HOST = `
declare function setTimeout(handler: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearTimeout(id?: number): void;
declare function setInterval(handler: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearInterval(id?: number): void;
declare const console: { log(...a: any[]): void; info(...a: any[]): void; warn(...a: any[]): void; error(...a: any[]): void; debug(...a: any[]): void };
declare const module: { exports: any };
`;

/** "Cannot find name" and "needs a newer lib" diagnostics: a global, or a built-in method, beyond ES2019 + HOST. */
const MISSING = new Set([2304, 2552, 2580, 2581, 2582, 2583, 2584, 2585, 2591, 2592, 2593, 2550]);

/** The globals (and built-ins newer than ES2019) that the bundled code names, found by TypeScript's checker. */
function globalsBeyondEs2019(code: string): string[] {
  const options: ts.CompilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2019,
    module: ts.ModuleKind.CommonJS,
    lib: ['lib.es2019.d.ts'],
    types: [],
  };
  const files: Record<string, string> = { '/bundle.js': code, '/host.d.ts': HOST };
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    name in files ? ts.createSourceFile(name, files[name]!, version) : original(name, version, ...rest);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  host.readFile = (name) => files[name] ?? ts.sys.readFile(name);
  const program = ts.createProgram(['/bundle.js', '/host.d.ts'], options, host);
  const bundle = program.getSourceFile('/bundle.js')!;
  const named = program
    .getSemanticDiagnostics(bundle)
    .filter((d) => MISSING.has(d.code))
    .map((d) => code.slice(d.start, (d.start ?? 0) + (d.length ?? 0)));
  // `globalThis` is known to TypeScript whatever the lib; ES2019 runtimes do not have it.
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'globalThis') named.push('globalThis');
    node.forEachChild(visit);
  };
  visit(bundle);
  return [...new Set(named)].sort();
}

let code: string;
beforeAll(async () => {
  ({ code } = await miniGameBundle());
});

describe('@ladder/client/http as a mini-game ships it (one ES2019 file)', () => {
  it('names no global beyond ECMAScript 2019, the timers and console: fetch, URL, AbortController… come in through options', () => {
    expect(globalsBeyondEs2019(code)).toEqual([]);
  });

  it('the check finds such a global when one creeps back', () => {
    const creeping = `${code};queueMicrotask(()=>{});new AbortController();new URL("x");fetch("x");globalThis;"a".replaceAll("a","b");`;
    expect(globalsBeyondEs2019(creeping)).toEqual([
      'AbortController',
      'URL',
      'fetch',
      'globalThis',
      'queueMicrotask',
      'replaceAll',
    ]);
  });

  it('runs in a realm holding only ECMAScript 2019, timers, console and wx; a failing wx.request rejects as unavailable', async () => {
    const realm = miniGameRealm(code, 'wx', (toRealm) => ({
      // Later, as the platform calls back: an exception thrown in the callback reaches nobody.
      request: (options: RequestOptions) => setTimeout(() => options.fail(toRealm({ errMsg: ERR.dropped })), 0),
    }));
    try {
      for (const absent of ['queueMicrotask', 'AbortController', 'URL', 'fetch', 'TextDecoder', 'globalThis'])
        expect(realm.globals()).not.toContain(absent);
      const ladder = realm.entry.createLadder({
        projectId: 'demo-ladder',
        apiKey: 'demo-api-key',
        request: realm.platform.request as RequestAdapter,
      });
      // Settled at once: a callback that threw (as `new URL` did here) would leave the player waiting for ever.
      const settled = await Promise.race([
        ladder.login({ provider: 'dev', name: 'Mini' }).then(
          () => 'signed in',
          (error: unknown) => error,
        ),
        sleep(5_000).then(() => 'never settled'),
      ]);
      expect(settled).toMatchObject({
        code: 'unavailable',
        retryable: true,
        message: expect.stringContaining(ERR.dropped),
      });
    } finally {
      realm.close();
    }
  });
});
