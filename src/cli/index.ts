#!/usr/bin/env node
// The package's bin, `workspace-records`: see program.ts and docs/cli.md.
import { runCli } from './program.js'

await runCli(process.argv.slice(2))
