import { randomUUID } from 'node:crypto'
import type { Command } from 'commander'
import { seedDemo } from '../services/demo.js'
import { countOption, withStore, workspaceOption } from './open-store.js'
import { issueToken } from './token.js'
import { UsageError } from './usage-error.js'

interface SeedDemoOptions {
  workspace?: string
  seed: number
  ttl: string
}

export function seedDemoCommand (program: Command): void {
  program.command('seed-demo')
    .description('fill a new workspace with a demo community and print a token for it on stdout')
    .option('--workspace <uuid>', 'the (empty) workspace to fill (default: a new one)', workspaceOption)
    .option('--seed <n>', 'the same seed makes the same demo', countOption('--seed', 2 ** 31), 1)
    .option('--ttl <span>', 'how long the token is valid: 30m, 24h, 7d, ...', '24h')
    .addHelpText('after', `
The demo: 5 companies, 5 channels (Discord, GitHub, a forum), 6 activity types with points (some with other
points in some channels), 300 members (2 of them excluded from engagement, as staff), and 6,000 activities over
the last 6 months, some members very active lately and most barely, so pulse and level spread out. Written
through the same bulk path as the API's. What it made goes to stderr; the token alone to stdout.

Examples:
  $ TOKEN=$(workspace-records seed-demo)
  $ curl -s -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:8080/v1/members?sort=-pulse&pageSize=10"
  $ workspace-records seed-demo --workspace 7d2f3c1e-5b7a-4c2e-9f61-0a8e4b3d2c10 --seed 42 --ttl 7d`)
    .action(seed)
}

async function seed (options: SeedDemoOptions): Promise<void> {
  const workspaceId = options.workspace ?? randomUUID()
  await withStore(async (store, config) => {
    // Signed first: with no way to sign one (a public key configured) nothing is written.
    const token = await issueToken(config, { workspace: workspaceId, ttl: options.ttl })
    if (!await store.transfer.isEmpty(workspaceId)) throw new UsageError(`workspace ${workspaceId} is not empty: seed-demo fills an empty one`)
    const made = await seedDemo(store, workspaceId, options.seed)
    process.stderr.write(`seeded the demo workspace ${workspaceId} (seed ${options.seed}): ${made.companies} companies, ` +
      `${made.channels} channels, ${made.activityTypes} activity types, ${made.members} members (${made.excluded} excluded from ` +
      `engagement), ${made.activities} activities; the token below is valid for ${options.ttl}\n`)
    process.stdout.write(token + '\n')
  })
}
