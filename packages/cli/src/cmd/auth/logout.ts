import type { Command } from '../../cmdutil/command.js'
import { configFile, removeLogin } from '../../cmdutil/connection.js'

export const authLogout: Command = {
  words: ['auth', 'logout'],
  summary: 'Log out: remove the saved URLs and tokens',
  description:
    "Removes the file auth login wrote, with the token of every URL logged in to; with --url, that URL's token only. " +
    'Environment variables and flags are not affected.',
  examples: ['session-library auth logout', 'session-library auth logout --url http://studio.local:4777/api/v1'],
  async run({ io, output, values }) {
    const file = configFile(io.configDir)
    const { url } = values
    if (url === undefined)
      output.message((await removeLogin(io.configDir)) ? `Removed ${file}` : `Not logged in (no ${file})`)
    else if (await removeLogin(io.configDir, url))
      output.message(`Logged out of ${url}: its token removed from ${file}`)
    else output.message(`Not logged in to ${url} (no token saved for it in ${file})`)
  },
}
