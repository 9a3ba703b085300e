import { Command, CommanderError } from 'commander'
import { ConfigError, debugEnabled } from '../config.js'
import { VERSION } from '../start/announce.js'
import { backupCommand } from './backup.js'
import { exportCommand } from './export.js'
import { importCommand } from './import.js'
import { migrateCommand } from './migrate.js'
import { seedDemoCommand } from './seed-demo.js'
import { serveCommand } from './serve.js'
import { tokenCommand } from './token.js'
import { UsageError } from './usage-error.js'

/**
 * `workspace-records <command>`: each command is a file of src/cli/ that adds itself to the program, one line
 * each below. Exit codes: 0 done, 2 wrong usage or configuration, 1 anything else failed.
 */
export async function runCli (argv: string[]): Promise<void> {
  const program = new Command('workspace-records')
    .description('Workspace Records: members, companies, activities and channels of many workspaces, over HTTP')
    .version(VERSION)
    .exitOverride()
    .showSuggestionAfterError()
    .addHelpText('after', `
Settings come from the environment, and from a .env file in the working directory when there is one (the
environment wins). See docs/cli.md and docs/running.md.

Run "workspace-records <command> --help" for a command's options and examples.`)
  serveCommand(program)
  migrateCommand(program)
  tokenCommand(program)
  importCommand(program)
  exportCommand(program)
  seedDemoCommand(program)
  backupCommand(program)

  let running = 'workspace-records'
  program.hook('preAction', (_program, command) => { running = command.name() })
  try {
    await program.parseAsync(argv, { from: 'user' })
  } catch (error) {
    process.exit(report(error, running))
  }
}

/** Writes the error on stderr, in one line unless DEBUG is set, and answers the exit code. */
function report (error: unknown, command: string): number {
  // Commander has written its own message (or the help) already.
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2
  const message = error instanceof Error ? error.message : String(error)
  const [prefix, code] = error instanceof ConfigError
    ? ['configuration error', 2]
    : error instanceof UsageError ? ['error', 2] : [`${command} failed`, 1]
  process.stderr.write(`${prefix}: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
  if (debugEnabled() && error instanceof Error && error.stack !== undefined) process.stderr.write(`${error.stack}\n`)
  return code
}
