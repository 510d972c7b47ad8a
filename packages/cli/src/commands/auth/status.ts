import type { Command } from '../../command.js'
import { noTokenMessage } from '../../connection.js'
import { CliError, EXIT } from '../../exit-codes.js'
import { checkToken } from './check-token.js'

/** `auth status`: the URL and where it comes from, the server's mode, whether the token works; never the token. */
export const authStatus: Command = {
  words: ['auth', 'status'],
  summary: 'Show the URL, the mode and whether the token works',
  positionals: [],
  flags: () => ({}),
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
