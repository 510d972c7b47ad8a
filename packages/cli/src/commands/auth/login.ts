import { escapeMessage } from '@session-library/schemas/client'
import { UsageError } from '@session-library/schemas/shell'
import type { Command } from '../../command.js'
import { saveLogin } from '../../config-file.js'
import { CliError, EXIT } from '../../exit-codes.js'
import { interactive, readSecret, readStdin } from '../../terminal.js'
import { checkToken } from './check-token.js'

/** `auth login`: checks a token with `health`, then keeps the URL and token in a file only its owner reads. */
export const authLogin: Command = {
  words: ['auth', 'login'],
  summary: 'Log in: keep a URL and token for later commands',
  description:
    'Reads the token from a prompt on a terminal (not echoed), else from stdin; checks it with health; then saves the URL ' +
    "(--url, $SESSION_LIBRARY_URL, or the mock's) and the token in a file only you can read (mode 0600), " +
    'under $XDG_CONFIG_HOME/session-library or ~/.config/session-library. Flags and environment variables ' +
    'still win over the file.',
  positionals: [],
  flags: () => ({}),
  examples: [
    'session-library auth login --url http://studio.local:4777/api/v1   # then paste the token',
    'session-library auth login < token.txt',
  ],
  async run(context) {
    const { io, output } = context
    const { url } = await context.connection()
    let token: string
    if (interactive(io)) {
      io.stderr.write(escapeMessage(`Token for ${url}: `))
      token = (await readSecret(io.stdin)).trim()
      io.stderr.write('\n')
    } else token = (await readStdin(io.stdin)).trim()
    if (token === '')
      throw new UsageError('no token given (type it at the prompt, or pipe it to stdin)', ['auth', 'login'])
    const checked = await checkToken(context, { url, token, sources: { url: 'flag', token: 'flag' } })
    if (!checked.works) throw new CliError(`${url} refused the token (${checked.refused}); nothing saved`, EXIT.api)
    const file = await saveLogin(io.configDir, { url, token })
    output.message(`Logged in to ${url} (mode ${checked.mode}); saved in ${file}`)
  },
}
