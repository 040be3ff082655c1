import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';

const read = (path: string) => readFileSync(path, 'utf8');
const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** The dated lab notes (docs/lab/), whose links are checked like the manual's. */
const labPages = readdirSync('docs/lab')
  .filter((f) => f.endsWith('.md'))
  .map((f) => `docs/lab/${f}`);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchors = (markdown: string) =>
  new Set(
    [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading!)),
  );

/** Relative links of a page, outside code: `[text](target)`. */
const links = (markdown: string) =>
  [
    ...markdown
      .replace(/```[\s\S]*?```/g, '')
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/\]\(([^)\s]+)\)/g),
  ]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target));

describe('the README', () => {
  // The README's game loop is the example file verbatim, which `npm run typecheck` checks and
  // test/integration/client.test.ts and clientPackage.test.ts play against the emulators.
  it('shows the client game loop exactly as client/examples/rankedGame.ts, in under 30 lines', () => {
    const example = read('client/examples/rankedGame.ts');
    expect(read('README.md')).toContain(`\`\`\`ts\n${example}\`\`\``);
    expect(example.trimEnd().split('\n').length).toBeLessThan(30);
  });

  it('is a front door of at most 150 lines, linking every page of docs/', () => {
    const readme = read('README.md');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    for (const page of pages.filter((p) => p !== 'README.md')) expect(readme).toContain(`](${page})`);
  });
});

describe('the documentation', () => {
  it('links only to files in the repository, and to headings that exist', () => {
    const broken: string[] = [];
    expect(labPages).toContain('docs/lab/README.md');
    for (const page of [...pages, ...labPages]) {
      for (const link of links(read(page))) {
        const [path, anchor] = link.split('#');
        const target = path ? normalize(join(dirname(page), path)) : page;
        if (!existsSync(target)) broken.push(`${page}: ${link} (no file ${target})`);
        else if (anchor && !anchors(read(target)).has(anchor)) broken.push(`${page}: ${link} (no heading #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('shows configuration examples that the functions accept as they load', () => {
    const examples = [...read('docs/configuration.md').matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) =>
      JSON.parse(json!),
    );
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(() => parseConfig(example, 'docs/configuration.md')).not.toThrow();
  });

  it('numbers the nine requirements in docs/design.md, and every requirement a test cites is one of them', () => {
    const design = read('docs/design.md');
    const numbered = [...design.matchAll(/^(\d+)\. \*\*/gm)].map(([, n]) => Number(n));
    expect(numbered).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const cited = readdirSync('test', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...read(join('test', file)).matchAll(/requirements? (\d+)(?: and (\d+))?/g)])
      .flatMap(([, a, b]) => [a, b].filter(Boolean).map(Number));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((n) => !numbered.includes(n))).toEqual([]);
  });
});
