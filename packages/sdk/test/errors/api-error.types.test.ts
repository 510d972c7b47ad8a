import { describe, expectTypeOf, it } from 'vitest'
import type * as sdk from '../../src/index.js'
import { hasErrorCode, isApiError } from '../../src/index.js'
import { typeOnly, typesClient } from '../support/types.js'

const client = typesClient

describe('errors that narrow', () => {
  it("safe(): switch (error?.code) { case 'read_only' } narrows to ForbiddenError with status 403", () => {
    typeOnly(async () => {
      const r = await client.sessions.delete('ses_1').safe()
      switch (r.error?.code) {
        case 'read_only':
          expectTypeOf(r.error).toMatchTypeOf<sdk.ForbiddenError<'read_only'>>()
          expectTypeOf(r.error.status).toEqualTypeOf<403>()
          break
        case 'not_found':
          expectTypeOf(r.error).toMatchTypeOf<sdk.NotFoundError>()
          expectTypeOf(r.error.status).toEqualTypeOf<404>()
          break
        case 'waveform_unavailable':
          expectTypeOf(r.error).toMatchTypeOf<sdk.NotImplementedError>()
          break
        case 'network_error':
          expectTypeOf(r.error).toEqualTypeOf<sdk.NetworkError>()
          expectTypeOf(r.error.causeCode).toEqualTypeOf<string | undefined>()
          break
        case 'aborted':
          expectTypeOf(r.error).toEqualTypeOf<sdk.AbortedError>()
          break
      }
    })
  })

  it('the error is also told apart by class', () => {
    typeOnly(async () => {
      const { error } = await client.health().safe()
      if (error && 'status' in error) expectTypeOf(error.status).toEqualTypeOf<number>()
      expectTypeOf<sdk.CallError>().toMatchTypeOf<Error>()
    })
  })

  it('a code the contract does not know stays apart: its own type, tested with hasErrorCode', () => {
    typeOnly(async () => {
      const { error } = await client.health().safe()
      if (hasErrorCode(error, 'teapot')) expectTypeOf(error).toMatchTypeOf<sdk.ApiError<'teapot'>>()
      expectTypeOf<sdk.ApiError<sdk.UnknownErrorCode>>().toMatchTypeOf<sdk.CallError>()
    })
  })

  it('isApiError takes only the codes the contract knows', () => {
    const error: unknown = null
    typeOnly(() => {
      // @ts-expect-error `readonly` is not a code of the contract (it is `read_only`)
      isApiError(error, 'readonly')
      // @ts-expect-error nor is a newer server's code: hasErrorCode is the way for those
      isApiError(error, 'teapot')
    })
    if (isApiError(error, 'read_only')) expectTypeOf(error.status).toEqualTypeOf<403>()
  })
})
