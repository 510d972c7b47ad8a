import { randomUUID } from 'node:crypto'
import type { CallToolResult } from '@modelcontextprotocol/server'
import { escapeMessage } from '@session-library/internal'
import { endpoints, lossQuestion, matchOperation, type OperationName, type Usage, z } from '@session-library/schemas'
import { NotFoundError, type SessionLibrary } from '@session-library/sdk'
import { methods, pathOf, searchTool, signatureOf } from './code-docs.js'
import type { SandboxLimits, SandboxRun } from './sandbox.js'
import type { ToolContext, ToolSpec } from './tools.js'

/** The bounds of an `execute` run when none are given: a minute (the user's answers not counted), 64 MiB. */
export const DEFAULT_CODE_LIMITS: SandboxLimits = { timeMs: 60_000, memoryBytes: 64 * 2 ** 20 }
/** How long a run waits for the user's answer to its question before it ends. */
const ANSWER_WAIT_MS = 10 * 60_000

/** Code mode's settings. */
export interface CodeModeOptions {
  /** The base URL of the server's client: its origin is the only one a snippet reaches. */
  readonly baseUrl: string
  /** The bounds of each run (default {@link DEFAULT_CODE_LIMITS}). */
  readonly limits?: SandboxLimits
}

const byPath = new Map(methods.map((usage) => [pathOf(usage).join('.'), usage]))

const INPUT = z.strictObject({
  code: z
    .string()
    .check(
      z.minLength(1),
      z.describe('The body of an async function (TypeScript or JavaScript): await client calls, return the result.'),
    ),
})

// What a refusal sends back to the SDK, so that the call fails where the snippet made it.
const refused = (code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status: 409,
    headers: { 'Content-Type': 'application/json' },
  })

/** A question of a run to the user: `answer()` lets its call go; `answer(reason)` refuses it, and the run ends with the reason. */
interface Question {
  readonly text: string
  answer(reason?: string): void
}

/** What a run comes to next: a question for the user, or its end. */
type Outcome = { readonly question: Question } | { readonly ended: SandboxRun }

/** A snippet under way, which may stop at a question and go on when the client calls again with the answer. */
interface Execution {
  readonly id: string
  next(): Promise<Outcome>
}

// Runs waiting for an answer, by the id their question carries to the client's next call.
const paused = new Map<string, { execution: Execution; question: Question; expiry: NodeJS.Timeout }>()

/**
 * Starts a snippet: its client's calls go to the host's SDK, each through a `fetch` that reaches the
 * API's origin only and asks before a loss the request does not name (`lossQuestion` on what is about
 * to be sent, as every front end asks), unless the method names what it removes (`tags.remove`).
 * Nothing is sent while a question waits; the run stays in memory, so a snippet never runs twice.
 */
function start(code: string, options: CodeModeOptions & { readOnly?: boolean }, context: ToolContext): Execution {
  const base = new URL(options.baseUrl)
  const outcomes: Outcome[] = []
  let wake: (() => void) | undefined
  const push = (outcome: Outcome) => {
    outcomes.push(outcome)
    wake?.()
  }
  let stopped: string | undefined
  let waiting = false
  const ask = (text: string) =>
    new Promise<string | undefined>((resolve) => {
      waiting = true
      push({
        question: {
          text,
          answer(reason) {
            waiting = false
            stopped ??= reason
            resolve(reason)
          },
        },
      })
    })
  const guarded = (usage: Usage) => async (request: Request, init?: RequestInit) => {
    const url = new URL(request.url)
    if (url.origin !== base.origin) return refused('forbidden', `only ${base.origin} is reachable`)
    if (stopped) return refused('stopped', stopped)
    const { operation, params } = matchOperation(request.method, url.pathname.slice(base.pathname.length))
    if (operation && !usage.convenience?.removesNamed && !context.rounds.yes) {
      const text = await request.clone().text()
      const ids = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, decodeURIComponent(value)]))
      let question: string | undefined
      try {
        question = await lossQuestion(
          operation.name as OperationName,
          { params: ids, body: text ? JSON.parse(text) : undefined },
          { session: (id) => context.client.sessions.get(id) },
        )
      } catch (error) {
        // No session, nothing to lose: the API answers the call itself (404). Else nothing is sent unasked.
        if (!(error instanceof NotFoundError))
          return refused(
            'unconfirmed',
            `could not read what the call would remove, so it was not sent: ${String(error)}`,
          )
      }
      const reason = question && (await ask(question))
      if (reason) return refused('confirmation_refused', reason)
    }
    return fetch(request, init)
  }
  const host = async (path: readonly string[], args: readonly unknown[]) => {
    const usage = byPath.get(path.join('.'))
    if (!usage) throw new TypeError(`client.${path.join('.')} is not a method; search_docs lists them`)
    if (options.readOnly && endpoints[usage.route.name].writes)
      throw new Error(`refused: client.${path.join('.')} writes, and this server is read-only (--read-only)`)
    const client = context.client.withOptions({ fetch: guarded(usage) })
    const [group, verb] = path as [keyof SessionLibrary, string?]
    const owner = client[group] as unknown as Record<string, (...given: unknown[]) => unknown>
    const method = (verb === undefined ? owner : owner[verb]) as (...given: unknown[]) => unknown
    try {
      return await method.apply(owner, [...args])
    } catch (error) {
      throw new Error(context.mask(error instanceof Error ? error.message : String(error)))
    }
  }
  // Loaded by the first run: no other start pays for the interpreter.
  void import('./sandbox.js')
    .then(({ runSandboxed }) =>
      runSandboxed(code, methods.map(pathOf), host, options.limits ?? DEFAULT_CODE_LIMITS, {
        interrupted: () => stopped,
        waiting: () => waiting,
      }),
    )
    .then(
      (ended) => push({ ended }),
      (error: unknown) => push({ ended: { logs: [], error: String(error) } }),
    )
  return {
    id: randomUUID(),
    async next() {
      for (;;) {
        while (outcomes.length === 0) await new Promise<void>((resolve) => (wake = resolve))
        const outcome = outcomes.shift() as Outcome
        // Calls made side by side ask side by side; once one is refused, the others are not asked.
        if (!('question' in outcome) || !stopped) return outcome
        outcome.question.answer(stopped)
      }
    },
  }
}

// The most of a return value shown, as the most a snippet may print: an answer a model reads whole.
const MAX_VALUE_CHARS = 20_000

// The answer: what the snippet printed, then `→ ` and its return value, or `error: ` and why it failed.
function shown(run: SandboxRun, mask: (text: string) => string): CallToolResult {
  const value = JSON.stringify(run.value) ?? 'null'
  const cut = value.length > MAX_VALUE_CHARS ? `… (${value.length - MAX_VALUE_CHARS} more characters: return less)` : ''
  const last = run.error === undefined ? `→ ${value.slice(0, MAX_VALUE_CHARS)}${cut}` : `error: ${run.error}`
  const text = [...run.logs, last].map((line) => escapeMessage(mask(line))).join('\n')
  return { ...(run.error !== undefined && { isError: true }), content: [{ type: 'text', text }] }
}

function executeTool(options: CodeModeOptions & { readOnly?: boolean }): ToolSpec {
  const limits = options.limits ?? DEFAULT_CODE_LIMITS
  return {
    name: 'execute',
    group: 'code',
    title: 'Run code against the library',
    description: [
      'Runs TypeScript/JavaScript with `client`, a SessionLibrary SDK client, for jobs of many calls.',
      'The code is an async function body: await calls, console.log, return a JSON value.',
      `No files, network or processes; ${limits.timeMs / 1000} s, ${limits.memoryBytes / 2 ** 20} MB.`,
      options.readOnly
        ? 'Read-only: writes are refused.'
        : 'A call that would lose data it does not name waits for the user to confirm.',
      `Methods (search_docs for details): ${methods.map(signatureOf).join('; ')}.`,
    ].join(' '),
    inputSchema: INPUT,
    outputSchema: z.object({}),
    annotations: options.readOnly
      ? { readOnlyHint: true, openWorldHint: false }
      : { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    async run({ code }, context) {
      const { rounds } = context
      let execution: Execution
      if (rounds.state === undefined) execution = start(String(code), options, context)
      else {
        const waiting = paused.get(rounds.state)
        if (!waiting)
          return shown(
            { logs: [], error: 'this run ended while its question waited: call execute again' },
            context.mask,
          )
        paused.delete(rounds.state)
        clearTimeout(waiting.expiry)
        execution = waiting.execution
        const { text } = waiting.question
        waiting.question.answer(rounds.answer ? undefined : `cancelled by the user; nothing more was sent (${text})`)
      }
      for (;;) {
        const outcome = await execution.next()
        if ('ended' in outcome) return shown(outcome.ended, context.mask)
        const { question } = outcome
        const asked = await rounds.ask(question.text, execution.id)
        if ('content' in asked) {
          question.answer(
            (asked as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
          )
          continue
        }
        const expiry = setTimeout(() => {
          paused.delete(execution.id)
          question.answer(`no answer from the user within ${ANSWER_WAIT_MS / 60_000} minutes`)
        }, ANSWER_WAIT_MS).unref()
        paused.set(execution.id, { execution, question, expiry })
        return asked
      }
    },
  }
}

/** The tools of code mode: a search of the SDK's docs and `execute`, in place of a tool per call. */
export const codeTools = (options: CodeModeOptions & { readOnly?: boolean }): ToolSpec[] => [
  searchTool,
  executeTool(options),
]
