import { sessionRecord } from '../../../../test-support/fixtures/session-record.js'

// Answers written from SPEC.md's field tables, so that unit tests do not need the mock.
export const BASE_URL = 'http://sdk.test/api/v1'
export const TOKEN = 'tok-SECRET-1234567890'

export function sessionAnswer(id: string, fields: Record<string, unknown> = {}) {
  return sessionRecord({ id, title: `Session ${id}`, ...fields })
}

export const healthAnswer = {
  status: 'ok',
  configuredMode: 'full-automation',
  effectiveMode: 'full-automation',
  running: true,
  port: 4777,
  baseUrl: BASE_URL,
  docsUrl: 'http://sdk.test/docs',
  requestCount: 0,
  recentRequests: [],
}

export function errorAnswer(status: number, code: string, message: string) {
  return { error: { status, code, message } }
}
