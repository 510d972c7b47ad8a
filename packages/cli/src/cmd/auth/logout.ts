import type { Command } from '../../cmdutil/command.js'
import { configFile, removeLogin } from '../../cmdutil/connection.js'

export const authLogout: Command = {
  words: ['auth', 'logout'],
  summary: 'Log out: remove the saved URLs and tokens',
  description:
    'Removes the file auth login wrote, with the token of every URL logged in to. Environment variables and flags are not affected.',
  positionals: [],
  flags: () => ({}),
  examples: ['session-library auth logout'],
  async run({ io, output }) {
    const file = configFile(io.configDir)
    output.message((await removeLogin(io.configDir)) ? `Removed ${file}` : `Not logged in (no ${file})`)
  },
}
