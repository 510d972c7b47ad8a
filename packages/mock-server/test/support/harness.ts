import { endpoints, exactErrorEnvelope, type KnownErrorCode, type OperationName } from '@session-library/schemas'
import { afterEach, describe, expect } from 'vitest'
import type { MockOptions } from '../../src/index.js'
import { type Harness, type Transport, transports } from './transports.js'

/** The fixed clock of the suites. */
export const NOW = '2026-11-21T10:00:00.000Z'

/** Starts a harness with fast defaults; stopped after each test. */
export type Start = (options?: MockOptions) => Promise<Harness>

/**
 * Runs a suite once per transport, with a `start` that gives each test its own mock (fixed clock,
 * 3 sessions, 1 ms imports unless told otherwise) and stops it after the test.
 *
 * @example
 * ```ts
 * describeTransports('D9 paging', (start) => { it('...', async () => { const h = await start() }) })
 * ```
 */
export function describeTransports(name: string, suite: (start: Start, transport: Transport) => void): void {
  describe.each(transports)(`${name} ($name)`, (transport) => {
    const open: Harness[] = []
    afterEach(async () => {
      await Promise.all(open.splice(0).map((harness) => harness.stop()))
    })
    const start: Start = async (options = {}) => {
      const harness = await transport.start({ now: NOW, sessions: 3, importDelay: 1, ...options })
      open.push(harness)
      return harness
    }
    suite(start, transport)
  })
}

/**
 * Asserts a success answer of an operation: its status, JSON, and exactly its fields (the
 * operation's `answer.exact` schema). Returns the body.
 *
 * @example
 * ```ts
 * const body = await expectAnswer(await h.fetch('/api/v1/tags'), 'tagCounts.list')
 * ```
 */
export async function expectAnswer<Name extends OperationName>(
  response: Response,
  name: Name,
  // biome-ignore lint/suspicious/noExplicitAny: suites read any field of the answer
): Promise<any> {
  const operation = endpoints[name]
  const body = await response.json()
  expect(response.status, JSON.stringify(body)).toBe(operation.status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const checked = operation.answer.exact.safeParse(body)
  expect(checked.success, JSON.stringify(checked.error?.issues)).toBe(true)
  return body
}

/**
 * Asserts an error answer: status, code, JSON, the exact envelope and, when given, the message.
 *
 * @example
 * ```ts
 * await expectError(response, 'read_only')
 * ```
 */
export async function expectError(
  response: Response,
  code: KnownErrorCode,
  message?: string | RegExp,
  status?: number,
): Promise<{ status: number; code: string; message: string }> {
  const body = await response.json()
  expect(exactErrorEnvelope.safeParse(body).success, JSON.stringify(body)).toBe(true)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(body.error.code).toBe(code)
  if (status !== undefined) expect(response.status).toBe(status)
  expect(body.error.status).toBe(response.status)
  if (typeof message === 'string') expect(body.error.message).toBe(message)
  if (message instanceof RegExp) expect(body.error.message).toMatch(message)
  return body.error
}
