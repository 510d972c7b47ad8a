import { API_PREFIX, createOpenApiDocument, matchOperation } from '@session-library/schemas'
import { documentValidators } from '../../../../test-support/openapi-validator.js'

// What people feed their tools: every answer the suites receive from /api/v1 must
// validate against the document's answer schema for its operation and status, so that the document
// can never say less than the mock answers.
const validators = documentValidators(createOpenApiDocument())

/**
 * Statuses an operation may answer that its entry in the document does not list: answers of the
 * transport or the test's own doing (an injected fault's status, 500 internal_error, 403
 * forbidden_host, 413 to a body sent where none is taken). Each must still be the Error envelope.
 */
const beyondTheOperation = (status: number) => status >= 500 || status === 403 || status === 413 || status === 429

function failure(method: string, path: string, status: number, why: string, body: unknown): Error {
  return new Error(`${method} ${path} answered ${status}, ${why}: ${JSON.stringify(body).slice(0, 500)}`)
}

/**
 * Throws unless an answer under /api/v1 is JSON that the OpenAPI document allows for its operation
 * and status (the Error component for a status the document cannot list per operation, and for an
 * unknown route). Reads a clone, so the caller still reads the body.
 *
 * @example
 * ```ts
 * await expectDocumented('GET', '/api/v1/tags', response)
 * ```
 */
export async function expectDocumented(method: string, target: string, response: Response): Promise<void> {
  const path = new URL(target, 'http://mock.test').pathname
  if (response.type === 'error' || !(path === API_PREFIX || path.startsWith(`${API_PREFIX}/`))) return
  const text = await response.clone().text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw failure(method, path, response.status, 'not JSON', text)
  }
  const { operation } = matchOperation(method, path.slice(API_PREFIX.length))
  const documented = operation && validators.answer(operation.name, response.status)
  if (!documented && operation && !beyondTheOperation(response.status)) {
    throw failure(method, path, response.status, `a status the document does not list for ${operation.name}`, body)
  }
  const validate = documented ?? validators.component('Error')
  if (!validate(body)) {
    const errors = JSON.stringify(validate.errors?.slice(0, 3))
    throw failure(method, path, response.status, `which the document does not allow (${errors})`, body)
  }
}
