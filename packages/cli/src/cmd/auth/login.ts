import { escapeMessage, UsageError } from '@session-library/internal'
import type { Command, Context } from '../../cmdutil/command.js'
import { saveLogin } from '../../cmdutil/connection.js'
import { CliError, EXIT } from '../../cmdutil/errors.js'
import { interactive, readSecret, readStdin } from '../../cmdutil/iostreams.js'
import { checkToken } from './status.js'

// The token to log in with: --token, else typed at the prompt, else stdin.
async function tokenToSave({ io, values }: Context, url: string): Promise<string> {
  const flag = values.token
  if (flag !== undefined) return flag.trim()
  if (!interactive(io)) return (await readStdin(io.stdin)).trim()
  io.stderr.write(escapeMessage(`Token for ${url}: `))
  const typed = (await readSecret(io.stdin)).trim()
  io.stderr.write('\n')
  return typed
}

export const authLogin: Command = {
  words: ['auth', 'login'],
  summary: 'Log in: keep a URL and token for later commands',
  description:
    'Takes the token from --token, else from a prompt on a terminal (not echoed), else from stdin; checks it with health; ' +
    "then saves it for the URL (--url, $SESSION_LIBRARY_URL, or the mock's) in a file only you can read (mode 0600), " +
    'under $XDG_CONFIG_HOME/session-library or ~/.config/session-library. That URL becomes the default; a saved token ' +
    'is sent only to the URL it was saved for (log in to several URLs to keep a token for each). Flags and ' +
    'environment variables still win over the file. Exit 2 when the URL answers 404 at /health (not the base URL).',
  examples: [
    'session-library auth login --url http://studio.local:4777/api/v1   # then paste the token',
    'session-library auth login < token.txt',
  ],
  async run(context) {
    const { url } = await context.connection()
    const token = await tokenToSave(context, url)
    if (token === '')
      throw new UsageError('no token given (--token, type it at the prompt, or pipe it to stdin)', ['auth', 'login'])
    const checked = await checkToken(context, { url, token, sources: { url: 'flag', token: 'flag' } })
    // A 404 from /health means the URL is not the API's base (often /api/v1 left out, as the SDK's hint says), not a bad token.
    if (checked.status === 404) {
      const why = `so it is not the API's base URL${checked.hint ? ` (${checked.hint})` : ''}`
      throw new CliError(`${url} answered 404 at /health, ${why}; nothing saved`, EXIT.usage)
    }
    if (!checked.works) throw new CliError(`${url} refused the token (${checked.refused}); nothing saved`, EXIT.api)
    const file = await saveLogin(context.io.configDir, { url, token })
    context.output.message(`Logged in to ${url} (mode ${checked.mode}); saved in ${file}`)
  },
}
