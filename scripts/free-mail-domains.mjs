// Writes src/domain/free-mail-domains.ts from the domain list of the npm package free-email-domains (MIT), which
// the service ships as a file of its own (docs/dependencies.md says why it is not a dependency):
//   npm pack free-email-domains && tar xzf free-email-domains-*.tgz && node scripts/free-mail-domains.mjs package
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2]
if (dir === undefined) throw new Error('usage: node scripts/free-mail-domains.mjs <unpacked free-email-domains package>')
const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
const domains = [...new Set(JSON.parse(readFileSync(join(dir, 'domains.json'), 'utf8')).map((d) => d.trim().toLowerCase()))]
  .filter((d) => /^[a-z0-9.-]+$/.test(d)).sort()
writeFileSync(new URL('../src/domain/free-mail-domains.ts', import.meta.url), `// Free-mail and disposable email providers, one per line: the list of the npm package free-email-domains ${version}
// (https://github.com/Kikobeats/free-email-domains, MIT License, (c) Kiko Beats), which gathers HubSpot's list of
// free email domains and two disposable-domain blocklists. Written by scripts/free-mail-domains.mjs: do not edit.
export const FREE_MAIL_DOMAINS_TEXT = \`
${domains.join('\n')}
\`
`)
console.log(`${domains.length} domains from free-email-domains ${version}`)
