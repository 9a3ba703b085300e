// `node dist/server.js`: the same as `workspace-records serve` (src/cli/serve.ts).
import { runCli } from './cli/program.js'

await runCli(['serve'])
