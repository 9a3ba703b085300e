import type { Command } from 'commander'
import { developmentSecret, developmentWorkspace, signToken } from '../auth/tokens.js'
import { ConfigError, loadConfig, type Config } from '../config.js'
import { isUuid } from '../domain/uuid.js'
import { UsageError } from './usage-error.js'

export interface TokenOptions {
  workspace?: string
  ttl: string
  sub?: string
}

export function tokenCommand (program: Command): void {
  program.command('token')
    .description('print a signed JWT for a workspace, and nothing else, on stdout')
    .option('--workspace <uuid>', 'the workspace the token is for (default with no key configured: the development workspace)')
    .option('--ttl <span>', 'how long the token is valid: 30m, 24h, 7d, ...', '24h')
    .option('--sub <id>', 'the token\'s subject claim (who it is for)')
    .addHelpText('after', `
The token is signed with JWT_SECRET, or with no key configured with the development secret in ./data/jwt-secret
(the development workspace is ./data/dev-workspace). With JWT_PUBLIC_KEY or JWT_JWKS_URL set the service holds
no signing key: your identity provider issues the tokens, and this command refuses.

Examples:
  $ workspace-records token --workspace 7d2f3c1e-5b7a-4c2e-9f61-0a8e4b3d2c10
  $ TOKEN=$(npm run --silent token -- --workspace "$WORKSPACE" --ttl 1h --sub ci-job)
  $ npm run token        # development: a token for the development workspace`)
    .action(token)
}

async function token (options: TokenOptions): Promise<void> {
  if (options.workspace !== undefined && !isUuid(options.workspace)) throw new UsageError(`--workspace must be a uuid, got "${options.workspace}"`)
  process.stdout.write(await issueToken(loadConfig(), options) + '\n')
}

/** The token `token` prints: for the workspace (none: the development one), signed with the service's key. */
export async function issueToken (config: Readonly<Config>, options: TokenOptions): Promise<string> {
  if (config.jwt.publicKey !== undefined || config.jwt.jwksUrl !== undefined) {
    throw new ConfigError('the service verifies tokens with a public key (JWT_PUBLIC_KEY or JWT_JWKS_URL): your identity provider issues them')
  }
  if (options.workspace === undefined && config.jwt.secret !== undefined) throw new UsageError('--workspace <uuid> is required when JWT_SECRET is set')
  const secret = config.jwt.secret ?? developmentSecret(config.dataDir)
  const workspaceId = options.workspace?.toLowerCase() ?? developmentWorkspace(config.dataDir)
  try {
    return await signToken(secret, {
      workspaceId,
      ttl: options.ttl,
      algorithm: config.jwt.algorithms[0]!,
      issuer: config.jwt.issuer,
      audience: config.jwt.audience,
      ...(options.sub === undefined ? {} : { sub: options.sub })
    })
  } catch (error) {
    // jose's message for a span it cannot read.
    if (error instanceof TypeError && /time period/i.test(error.message)) throw new UsageError(`--ttl must be a time span such as 30m, 24h or 7d, got "${options.ttl}"`)
    throw error
  }
}
