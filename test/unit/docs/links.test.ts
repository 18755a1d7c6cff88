// Every relative link of README.md and docs/*.md names a file that exists and, with a `#anchor`, a
// heading of that file, so moving a section between pages cannot leave a dead link behind. Anchors
// follow GitHub's slugs: the heading's text lowercased, punctuation dropped (but '-' and '_'),
// spaces turned into '-', a repeated slug numbered -1, -2…
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCS = join(ROOT, 'docs');
const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f)),
];

/** The page's text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link's text only
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1] ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

interface Link {
  line: number;
  target: string;
}

function links(file: string): Link[] {
  const out: Link[] = [];
  prose(readFileSync(file, 'utf8')).forEach((text, i) => {
    for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      out.push({ line: i + 1, target: m[1] ?? '' });
    }
  });
  return out;
}

/** Why a relative link is dead, or null when it resolves. */
function problem(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:…
  const hash = target.indexOf('#');
  const path = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
  const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
  const file = path === '' ? from : join(dirname(from), path);
  if (!existsSync(file)) return `no file ${relative(ROOT, file)}`;
  if (anchor === null) return null;
  if (!file.endsWith('.md')) return `an anchor into ${relative(ROOT, file)}, which is not markdown`;
  return anchors(file).has(anchor) ? null : `no heading "#${anchor}" in ${relative(ROOT, file)}`;
}

describe('links between README.md and docs/*.md', () => {
  it('reads the README and at least one docs page', () => {
    expect(PAGES.map((p) => relative(ROOT, p))).toContain('README.md');
    expect(PAGES.length).toBeGreaterThan(1);
  });

  it.each(PAGES.map((p) => [relative(ROOT, p), p]))('%s: every relative link resolves', (_name, page) => {
    const dead = links(page)
      .map((l) => ({ ...l, why: problem(page, l.target) }))
      .filter((l) => l.why !== null)
      .map((l) => `line ${l.line}: (${l.target}) ${l.why}`);
    expect(dead).toEqual([]);
  });

  it('slugs headings as GitHub does', () => {
    expect(slug("Where the spec is silent (the local service's choices)")).toBe(
      'where-the-spec-is-silent-the-local-services-choices',
    );
    expect(slug('A folder of Cboe chain files (no account)')).toBe('a-folder-of-cboe-chain-files-no-account');
    expect(slug('AI assistants (MCP)')).toBe('ai-assistants-mcp');
    expect(slug('Gamma regimes: the base rates the simulator teaches')).toBe(
      'gamma-regimes-the-base-rates-the-simulator-teaches',
    );
  });
});
