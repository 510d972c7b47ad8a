import { setTimeout as sleep } from 'node:timers/promises'
import type { Session } from '@session-library/sdk'
import type { Context } from './command.js'
import { CliError, EXIT, UsageError } from './exit-codes.js'
import type { OperationCall } from './operation-commands.js'

const seconds = (value: unknown, flag: string, fallback: number) => {
  if (value === undefined) return fallback
  if (typeof value !== 'string' || !/^\d+$/.test(value))
    throw new UsageError(`--${flag}: "${value}" is not a whole number`)
  return Number(value)
}

// The server skips an item whose path a session already has, as its path or its original one (D15).
const pathsOf = (session: Session) => [session.projectPath, session.projectOriginalPath]

/**
 * `imports start --wait`: starts the import, then watches the session list (SPEC has no progress
 * endpoint; the real application offers the list too) until a session has the `projectPath` of every
 * item. Progress goes to stderr; the data printed is the sessions of the items, in their order.
 * Exit 3 when they have not all appeared within `--wait-timeout` seconds.
 *
 * @example `await startAndWait(call, context)`
 */
export async function startAndWait(call: OperationCall, context: Context): Promise<void> {
  const timeout = seconds(context.values['wait-timeout'], 'wait-timeout', 300) * 1000
  const interval = seconds(context.values.interval, 'interval', 500)
  const client = await context.client()
  const { data: accepted } = await client.request('imports.start', call.input as never)
  context.output.message(`import ${accepted.importId} accepted: ${accepted.total} items; watching the session list`)
  const items = ((call.input.body?.items ?? []) as { projectPath?: unknown }[]).map((item) => String(item.projectPath))
  const found = new Map<string, Session>()
  const deadline = Date.now() + timeout
  for (;;) {
    for await (const session of client.sessions.iterate({ limit: 500 })) {
      for (const path of pathsOf(session)) if (items.includes(path) && !found.has(path)) found.set(path, session)
    }
    context.output.message(`${found.size}/${items.length} items have a session`)
    if (found.size >= new Set(items).size) break
    if (Date.now() >= deadline) {
      const missing = items.filter((path) => !found.has(path))
      throw new CliError(`waited ${timeout / 1000} s; no session yet for ${missing.join(', ')}`, EXIT.network)
    }
    await sleep(interval)
  }
  await context.output.data(
    items.map((path) => found.get(path)),
    ['id', 'title', 'kind', 'projectPath'],
  )
}
