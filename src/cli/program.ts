import { Command, CommanderError } from 'commander'
import { ConfigError, debugEnabled } from '../config.js'
import { VERSION } from '../start/announce.js'
import { UsageError } from './usage-error.js'

type Register = (program: Command) => void

/**
 * Each command is a file of src/cli/ that adds itself to the program, one line each here, in the order help lists
 * them. Only the file of the command that runs is loaded: together they load the whole service (the app, both
 * stores, every schema), seconds before `token` could print anything.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  serve: async () => (await import('./serve.js')).serveCommand,
  migrate: async () => (await import('./migrate.js')).migrateCommand,
  token: async () => (await import('./token.js')).tokenCommand,
  import: async () => (await import('./import.js')).importCommand,
  export: async () => (await import('./export.js')).exportCommand,
  'seed-demo': async () => (await import('./seed-demo.js')).seedDemoCommand,
  backup: async () => (await import('./backup.js')).backupCommand
}

/**
 * `workspace-records <command>`: the named command alone, or every command (for the program's help, or the
 * suggestion after a name that is none). Exit codes: 0 done, 2 wrong usage or configuration, 1 anything else failed.
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
  const named = argv[0] !== undefined && Object.hasOwn(COMMANDS, argv[0]) ? COMMANDS[argv[0]] : undefined
  for (const load of named === undefined ? Object.values(COMMANDS) : [named]) (await load())(program)

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
