import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import * as client from '../src/client.js'
import { endpoints, operationPath, operations } from '../src/index.js'

const dist = (file: string) => fileURLToPath(new URL(`../dist/${file}`, import.meta.url))
// Texts that only the main entry's modules hold: a request rule, an exact answer rule, OpenAPI prose.
const MAIN_ONLY = [
  'must not contain a comma',
  'must equal the number of peaks',
  'Replace the tags of a session',
  'Add tags to a session',
  'Not atomic',
]

/** The built client entry with every chunk it imports, as a consumer's bundler sees it. */
async function bundledClient() {
  const result = await build({ entryPoints: [dist('client.js')], bundle: true, write: false, format: 'esm' })
  return result.outputFiles[0]?.text ?? ''
}

describe('client entry (@session-library/schemas/client)', () => {
  it('SPEC §4.1: exports the 18 routes with the names, methods, paths and statuses of endpoints', () => {
    const pick = ({ name, method, path, status, idempotent }: client.Route) => ({
      name,
      method,
      path,
      status,
      idempotent,
    })
    expect(Object.values(client.routes)).toHaveLength(18)
    expect(Object.values(client.routes).map(pick)).toEqual(operations.map(pick))
  })

  it('shares each tolerant answer schema with endpoints rather than building its own', () => {
    for (const [name, route] of Object.entries(client.routes)) {
      expect(route.answer.tolerant).toBe(endpoints[name as client.OperationName].answer.tolerant)
    }
  })

  it('shares one operationPath with the main entry', () => {
    expect(client.operationPath).toBe(operationPath)
    expect(client.operationPath('tags.put', { id: 'a/b' })).toBe('/sessions/a%2Fb/tags')
  })

  it('exports only the client side: no exact, request or OpenAPI export', () => {
    expect(Object.keys(client).sort()).toEqual([
      'API_PREFIX',
      'DEFAULT_BASE_URL',
      'ERRORS',
      'ISSUE_WORDING',
      'LIMITS',
      'MASKED',
      'NOT_JSON',
      'buildPath',
      'errorEnvelope',
      'fieldPath',
      'isDestructive',
      'isDotSegment',
      'isRecord',
      'isSecretHeader',
      'issueLines',
      'lossQuestion',
      'maskToken',
      'mayLoseData',
      'nameIn',
      'operationPath',
      'parseJsonText',
      'pathParamNames',
      'redactedHeaderValue',
      'routes',
      'searchParams',
      'spell',
      'tokenMask',
      'usages',
    ])
  })

  it('reads an unknown error code with its tolerant error envelope (DECISIONS preamble)', () => {
    const body = { error: { status: 418, code: 'teapot', message: 'no' } }
    expect(client.errorEnvelope.parse(body).error.code).toBe('teapot')
  })

  it('the built ESM client, bundled with its chunks, holds no request schema, exact rule or OpenAPI text', async () => {
    const code = await bundledClient()
    expect(code).toContain('/sessions/{id}/waveform-notes')
    for (const text of MAIN_ONLY) expect(code).not.toContain(text)
  })

  it('the built CJS client holds none of them either, while the main entry does', () => {
    const cjs = readFileSync(dist('client.cjs'), 'utf8')
    const main = readFileSync(dist('index.cjs'), 'utf8')
    for (const text of MAIN_ONLY) {
      expect(cjs).not.toContain(text)
      expect(main).toContain(text)
    }
  })
})
