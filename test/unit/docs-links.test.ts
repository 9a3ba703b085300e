// The README and docs/ as a clone has them: every relative link names a file of the repository (and a heading
// of it, when the link has an anchor), none leads to ../shared/ (a sibling directory only our own machines
// have), and every dependency in package.json is explained.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8')

/** Markdown without fenced blocks and HTML comments, which hold neither links nor headings. */
const withoutBlocks = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/<!--[\s\S]*?-->/g, '')

/** Markdown without what cannot hold a link: fenced blocks, code spans, HTML comments. */
const prose = (markdown: string) => withoutBlocks(markdown).replace(/`[^`\n]*`/g, '')

/** Inline links and link reference definitions. */
function links (markdown: string): string[] {
  const text = prose(markdown)
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!)
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]!)
  return [...inline, ...references]
}

/** GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors (markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const match of withoutBlocks(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = match[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return result
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target)

test('every relative link of the README and docs/ names a file of the repository, and its anchor a heading there', () => {
  const broken: string[] = []
  for (const page of PAGES) {
    for (const target of links(read(page))) {
      if (external(target)) continue
      const [path = '', anchor] = target.split('#', 2)
      const file = path === '' ? join(ROOT, page) : resolve(ROOT, dirname(page), decodeURIComponent(path))
      const name = relative(ROOT, file)
      if (name.startsWith('..')) {
        broken.push(`${page}: ${target} leads outside the repository`)
      } else if (!existsSync(file)) {
        broken.push(`${page}: ${target} names no file`)
      } else if (anchor !== undefined && anchor !== '' && file.endsWith('.md') && statSync(file).isFile() &&
        !anchors(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
        broken.push(`${page}: ${target} names no heading of ${name}`)
      }
    }
  }
  assert.deepEqual(broken, [])
})

test('nothing in the README or docs/ points at ../shared/, which a clone does not have', () => {
  const mentions = PAGES.filter((page) => /(\.\.\/)+shared\//.test(read(page)))
  assert.deepEqual(mentions, [])
})

test('the README links every page of docs/', () => {
  const linked = new Set(links(read('README.md')).map((target) => target.split('#')[0]))
  const unlinked = PAGES.filter((page) => page !== 'README.md' && !linked.has(page))
  assert.deepEqual(unlinked, [])
})

test('every dependency in package.json is explained in docs/dependencies.md, which the README links', () => {
  const manifest = JSON.parse(read('package.json')) as Record<string, Record<string, string> | undefined>
  const page = read('docs/dependencies.md')
  const names = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((group) => Object.keys(manifest[group] ?? {}))
  assert.deepEqual(names.filter((name) => !page.includes(`\`${name}\``)), [])
})

test('the link checker finds links, skips code, and makes GitHub\'s anchors', () => {
  assert.deepEqual(links('[a](docs/x.md) `[b](nope.md)`\n```\n[c](nope.md)\n```\n[d]: ../y.md#z\n<!-- [e](nope.md) -->'),
    ['docs/x.md', '../y.md#z'])
  assert.deepEqual([...anchors('# Quick start\n## Overload and hostile clients\n## Node.js versions\n## Quick start\n```\n# not a heading\n```')],
    ['quick-start', 'overload-and-hostile-clients', 'nodejs-versions', 'quick-start-1'])
})
