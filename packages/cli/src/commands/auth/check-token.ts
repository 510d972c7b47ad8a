import type { Context } from '../../command.js'
import { connect } from '../../connect.js'
import type { Connection } from '../../connection.js'
import type { GlobalValues } from '../../global-flags.js'

/**
 * What `health` says of a URL and token: the server's mode when it takes the token, or why not
 * (`401 unauthorized`). A network error is thrown (exit 3): nothing is known of the token then.
 *
 * @example `const { works, mode } = await checkToken(context, connection)`
 */
export async function checkToken(
  context: Pick<Context, 'values' | 'output'>,
  connection: Connection,
): Promise<{ works: boolean; mode?: string; refused?: string; status?: number }> {
  const client = await connect(context.values as GlobalValues, connection, context.output.message)
  const { ApiError } = await import('@session-library/sdk')
  try {
    const health = await client.health()
    return { works: true, mode: health.effectiveMode }
  } catch (error) {
    if (error instanceof ApiError)
      return { works: false, refused: `${error.status} ${error.code}`, status: error.status }
    throw error
  }
}
