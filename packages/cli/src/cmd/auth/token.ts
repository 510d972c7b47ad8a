import type { Command } from '../../cmdutil/command.js'
import { noTokenMessage } from '../../cmdutil/connection.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'

export const authToken: Command = {
  words: ['auth', 'token'],
  summary: 'Print the token the commands use for a URL',
  description:
    "As gh auth token: prints the token for the URL (--url, $SESSION_LIBRARY_URL, or auth login's) to stdout, for $(…): " +
    "auth login's saved one, or --token or $SESSION_LIBRARY_TOKEN when given. Exit 1 when there is none.",
  examples: ['TOKEN=$(session-library auth token --url http://studio.local:4777/api/v1)   # for another program'],
  async run({ connection, io }) {
    const found = await connection()
    if (!found.token) throw new CliError(noTokenMessage(found), EXIT.api)
    // Written as it is: the output's mask, which hides the token everywhere else, is not for this line.
    io.stdout.write(`${found.token}\n`)
  },
}
