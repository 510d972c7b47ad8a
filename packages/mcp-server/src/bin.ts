#!/usr/bin/env node
import { escapeMessage, UsageError } from '@session-library/internal'
import { run } from './main.js'

const log = (line: string) => process.stderr.write(`${line}\n`)

try {
  const stop = await run(process.argv.slice(2), {
    env: process.env,
    log,
    print: (line) => process.stdout.write(`${line}\n`),
  })
  if (stop) {
    const shutdown = () => void stop().finally(() => process.exit(0))
    process.once('SIGINT', shutdown)
    process.once('SIGTERM', shutdown)
    // stdio: the client closing our stdin ends the session.
    if (!process.argv.includes('--http')) process.stdin.once('end', shutdown)
  }
} catch (error) {
  log(`error: ${escapeMessage(error instanceof Error ? error.message : String(error))}`)
  if (error instanceof UsageError) log("Run 'session-library-mcp --help' for usage.")
  process.exit(error instanceof UsageError ? error.exitCode : 1)
}
