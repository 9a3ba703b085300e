// npm run token -- --workspace <uuid> [--ttl 24h] [--sub <id>]: prints one JWT, and nothing else, on stdout.
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.js'
import { developmentSecret, signToken } from '../auth/tokens.js'
import { isUuid } from '../domain/uuid.js'

const USAGE = 'usage: npm run token -- --workspace <uuid> [--ttl 24h] [--sub <id>]'

async function main (): Promise<void> {
  const { values } = parseArgs({
    options: {
      workspace: { type: 'string' },
      ttl: { type: 'string', default: '24h' },
      sub: { type: 'string' }
    },
    strict: true
  })
  if (values.workspace === undefined || !isUuid(values.workspace)) {
    throw new ConfigError(`--workspace must be a uuid\n${USAGE}`)
  }
  const config = loadConfig()
  if (config.jwt.publicKey !== undefined || config.jwt.jwksUrl !== undefined) {
    throw new ConfigError('the service verifies tokens with a public key (JWT_PUBLIC_KEY or JWT_JWKS_URL): your identity provider issues them')
  }
  const secret = config.jwt.secret ?? developmentSecret(config.dataDir)
  const token = await signToken(secret, {
    workspaceId: values.workspace.toLowerCase(),
    ttl: values.ttl,
    algorithm: config.jwt.algorithms[0]!,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ...(values.sub === undefined ? {} : { sub: values.sub })
  })
  process.stdout.write(token + '\n')
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(2)
})
