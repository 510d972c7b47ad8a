import { describe, expectTypeOf, it } from 'vitest'
import { redactHeaders, SessionLibrary } from '../../src/index.js'
import { typeOnly, typesClient } from '../support/types.js'

const client = typesClient

describe('inputs as users write them', () => {
  it('readonly arrays are accepted by every method and by request()', () => {
    typeOnly(() => {
      const tags = ['a', 'b'] as const
      client.tags.add('ses_1', tags)
      client.tags.remove('ses_1', ['a'] as const)
      client.tags.replace('ses_1', tags)
      client.sessions.list({ tags })
      client.sessions.create({ title: 'A', tags })
      client.imports.start({ items: [{ projectPath: '/a.als' }] as const })
      client.waveformNotes.replace('ses_1', [{ timestamp: 1, text: 'x' }] as const)
      client.request('tags.patch', { params: { id: 'ses_1' }, body: { tags } })
    })
    expectTypeOf(client.tags.add).parameter(1).toEqualTypeOf<readonly string[]>()
  })

  it('request() refuses params where the path has none', () => {
    typeOnly(() => {
      // @ts-expect-error sessions.list has no path parameter
      client.request('sessions.list', { params: { id: 'x' } })
      // @ts-expect-error nor has health.get
      client.request('health.get', { params: { id: 'x' } })
      client.request('health.get', { params: {} })
    })
  })

  it('header helpers and options take any HeadersInit: a plain object, a Headers, pairs', () => {
    expectTypeOf(redactHeaders).parameter(0).toEqualTypeOf<HeadersInit>()
    typeOnly(() => {
      redactHeaders({ Authorization: 'Bearer x' })
      redactHeaders([['authorization', 'Bearer x']])
      new SessionLibrary({ token: 't', headers: new Headers({ 'x-a': '1' }) })
      client.health({ headers: [['x-b', '2']] })
    })
  })
})
