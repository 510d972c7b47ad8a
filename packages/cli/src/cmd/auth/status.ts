import type { Command, Context } from '../../cmdutil/command.js'
import { type Connection, connect, noTokenMessage } from '../../cmdutil/connection.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'

/**
 * What `health` says of a URL and token: the server's mode when it takes the token, or why not
 * (`401 unauthorized`). A network error is thrown (exit 3): nothing is known of the token then.
 */
export async function checkToken(
  context: Pick<Context, 'values' | 'output'>,
  connection: Connection,
): Promise<{ works: boolean; mode?: string; refused?: string; status?: number; hint?: string }> {
  const client = await connect(context.values, connection, context.output.message)
  const { ApiError } = await import('@session-library/sdk')
  try {
    const health = await client.health()
    return { works: true, mode: health.effectiveMode }
  } catch (error) {
    if (error instanceof ApiError)
      return { works: false, refused: `${error.status} ${error.code}`, status: error.status, hint: error.hint }
    throw error
  }
}

export const authStatus: Command = {
  words: ['auth', 'status'],
  summary: 'Show the URL, the mode and whether the token works',
  examples: ['session-library auth status', 'session-library auth status --json'],
  description:
    'Shows the URL the commands use and where it comes from (flag, environment, login or default), ' +
    "where the token comes from, and whether the server takes it (with health), with the server's mode. " +
    'A token of auth login counts only for the URL it was saved for. ' +
    'Never prints the token. Exit 1 when there is no token or the server refuses it.',
  async run(context) {
    const connection = await context.connection()
    const checked = connection.token ? await checkToken(context, connection) : { works: false, refused: 'no token' }
    await context.output.data({
      url: connection.url,
      urlFrom: connection.sources.url,
      tokenFrom: connection.sources.token ?? 'none',
      tokenWorks: checked.works,
      mode: checked.mode ?? '',
      ...(checked.refused && { refused: checked.refused }),
    })
    if (!connection.token) throw new CliError(`not logged in: ${noTokenMessage(connection)}`, EXIT.api)
    if (!checked.works) throw new CliError(`not logged in: ${checked.refused}`, EXIT.api)
  },
}
