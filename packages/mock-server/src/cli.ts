#!/usr/bin/env node
import { randomBytes } from 'node:crypto'
import { escapeControls, UsageError } from '@session-library/internal'
import { type Departure, formatDeparture } from '@session-library/schemas'
import { CONTROL_PREFIX } from './control/routes.js'
import { type CliCommand, parseCliArgs, usage } from './node/cli/cli-options.js'
import { requestLogLine, watchImports } from './node/cli/log-lines.js'
import { DataFileError } from './node/persistence/data-file.js'
import { startServer } from './node/start-server.js'
import { version } from './version.js'

const NAME = 'session-library-mock'
const printError = (message: string) => process.stderr.write(`${NAME}: ${message}\n`)

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
}

async function serve({ options, quiet }: Extract<CliCommand, { kind: 'serve' }>): Promise<number> {
  const log = quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`)
  const logLine = requestLogLine(options.token)
  // Departures are what a proxy is run for: logged even when quiet.
  const onDeparture = (departure: Departure) =>
    process.stderr.write(`departure: ${escapeControls(formatDeparture(departure))}\n`)
  const server = await startServer({
    ...options,
    onDeparture,
    ...(log && { onExchange: (exchange) => log(logLine(exchange)) }),
  })
  // Listening before the ready line: a signal sent as soon as it is read must find the handler.
  const stopped = nextSignal()
  // The one line on stdout, and the only place the token is shown (D2).
  process.stdout.write(`Session Library mock ready at ${server.url} (token: ${options.token})\n`)
  log?.(`Dashboard at ${server.origin}${CONTROL_PREFIX}/ (paste the token), API reference at ${server.origin}/docs`)
  if (options.proxy) log?.(`forwarding ${server.url} to ${options.proxy}`)
  const stopWatching = log && watchImports(server.api, log)
  const signal = await stopped
  log?.(`${signal}: finishing the answers under way`)
  stopWatching?.()
  await server.close()
  return 0
}

async function main(args: readonly string[]): Promise<number> {
  let command: CliCommand
  try {
    command = parseCliArgs(args, process.env, () => randomBytes(24).toString('base64url'))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    printError(error.message)
    process.stderr.write(`\n${usage()}`)
    return error.exitCode
  }
  if (command.kind === 'help') process.stdout.write(usage())
  if (command.kind === 'version') process.stdout.write(`${version}\n`)
  if (command.kind !== 'serve') return 0
  try {
    return await serve(command)
  } catch (error) {
    if (error instanceof DataFileError) {
      printError(error.message)
      return 2
    }
    const { code, port } = error as NodeJS.ErrnoException & { port?: number }
    printError(code === 'EADDRINUSE' ? `port ${port} is in use` : String(error))
    return 1
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code
  // Whatever still holds the event loop (a client's kept-alive socket) must not keep it running.
  setTimeout(() => process.exit(), 1_000).unref()
})
