import { describe, expectTypeOf, it } from 'vitest'
import type { CallInput, ParsedBodyOf, ParsedQueryOf } from '../src/index.js'

// Checked by tsc (the package's typecheck covers the tests): the types the SDK, the mock and the CLI
// read from the table.
describe('types inferred from the table', () => {
  it('CallInput: params where the path has some, a body where the operation takes one, a query where it reads one', () => {
    expectTypeOf<CallInput<'tags.put'>>().toEqualTypeOf<
      { params: { id: string } } & { query?: undefined } & { body: { tags: readonly string[] } }
    >()
    // @ts-expect-error: tags.put takes a body
    const missingBody: CallInput<'tags.put'> = { params: { id: 'ses_1' } }
    // @ts-expect-error: health.get reads no query
    const strayQuery: CallInput<'health.get'> = { query: { limit: 1 } }
    // @ts-expect-error: health.get's path has no params
    const strayParams: CallInput<'health.get'> = { params: { id: 'x' } }
    const list: CallInput<'sessions.list'> = { query: { limit: 10, tags: ['drums'] as const } }
    expectTypeOf([missingBody, strayQuery, strayParams, list]).not.toBeNever()
  })

  it('D6, D9: ParsedQueryOf and ParsedBodyOf are what a handler holds once validated; undefined where there is none', () => {
    expectTypeOf<ParsedQueryOf<'sessions.list'>['limit']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<ParsedQueryOf<'health.get'>>().toEqualTypeOf<undefined>()
    expectTypeOf<ParsedBodyOf<'sessions.create'>['tags']>().toEqualTypeOf<string[]>()
    expectTypeOf<ParsedBodyOf<'sessions.get'>>().toEqualTypeOf<undefined>()
  })
})
