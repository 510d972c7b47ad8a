import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { sessionRecord } from '../../../test-support/fixtures/session-record.js'
import * as clientSource from '../src/client.js'
import * as source from '../src/index.js'

// Runs in a fresh Node, resolving the package by its own name, so that package.json's "exports"
// map is what picks dist/index.js or dist/index.cjs. `load` is the import or require expression.
const packageDir = fileURLToPath(new URL('..', import.meta.url))
const probe = (load: string) => `
  const m = ${load}
  const answer = m.endpoints['sessions.get'].answer.exact.parse({ data: JSON.parse(process.argv[1]) })
  console.log(JSON.stringify({
    exports: Object.keys(m).sort(),
    operations: m.operations.length,
    parsedId: answer.data.id,
    path: m.operationPath('tags.get', { id: 'a/b' }),
    openapi: m.createOpenApiDocument().openapi,
  }))`

const session = sessionRecord()

function run(args: string[]) {
  return JSON.parse(execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }))
}

const expected = {
  exports: Object.keys(source).sort(),
  operations: 18,
  parsedId: 'ses_1',
  path: '/sessions/a%2Fb/tags',
  openapi: '3.1.0',
}

describe('built package', () => {
  beforeAll(() => {
    for (const file of ['index.js', 'index.cjs', 'client.js', 'client.cjs', 'openapi.json']) {
      if (!existsSync(new URL(`../dist/${file}`, import.meta.url))) {
        throw new Error(`dist/${file} is missing: run pnpm --filter @session-library/schemas build first`)
      }
    }
  })

  it('loads with import (dist/index.js) and offers every export of the source', () => {
    const load = "await import('@session-library/schemas')"
    expect(run(['--input-type=module', '-e', probe(load), JSON.stringify(session)])).toEqual(expected)
  })

  it('loads with require (dist/index.cjs) and offers every export of the source', () => {
    const load = "require('@session-library/schemas')"
    expect(run(['--input-type=commonjs', '-e', probe(load), JSON.stringify(session)])).toEqual(expected)
  })

  it.each([
    ['import (dist/client.js)', 'module', "await import('@session-library/schemas/client')"],
    ['require (dist/client.cjs)', 'commonjs', "require('@session-library/schemas/client')"],
  ])('loads the client entry with %s and offers every export of its source', (_name, type, load) => {
    const script = `
      const m = ${load}
      const answer = m.routes['sessions.get'].answer.tolerant.parse({ data: JSON.parse(process.argv[1]) })
      console.log(JSON.stringify({
        exports: Object.keys(m).sort(),
        routes: Object.keys(m.routes).length,
        parsedId: answer.data.id,
        path: m.operationPath('tags.get', { id: 'a/b' }),
      }))`
    expect(run([`--input-type=${type}`, '-e', script, JSON.stringify(session)])).toEqual({
      exports: Object.keys(clientSource).sort(),
      routes: 18,
      parsedId: 'ses_1',
      path: '/sessions/a%2Fb/tags',
    })
  })

  it('resolves @session-library/schemas/openapi.json for both loaders', () => {
    const resolved = fileURLToPath(new URL('../dist/openapi.json', import.meta.url))
    const script = `
      const viaRequire = require.resolve('@session-library/schemas/openapi.json')
      const doc = require('@session-library/schemas/openapi.json')
      console.log(JSON.stringify({ viaRequire, openapi: doc.openapi }))`
    expect(run(['--input-type=commonjs', '-e', script])).toEqual({ viaRequire: resolved, openapi: '3.1.0' })
  })
})
