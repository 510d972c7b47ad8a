import { UsageError } from '@session-library/internal'
import type { Command } from '../../cmdutil/command.js'
import { completionScript, SHELLS, type Shell } from '../../cmdutil/completion.js'
import { loadContract } from '../../cmdutil/contract.js'

const isShell = (name: string): name is Shell => (SHELLS as readonly string[]).includes(name)

export const completion: Command = {
  words: ['completion'],
  summary: 'Print a shell completion script',
  description:
    'Prints the completion script of bash, zsh or fish, with every command and flag. ' +
    'bash: eval "$(session-library completion bash)"; zsh: source <(session-library completion zsh); ' +
    'fish: session-library completion fish | source.',
  positionals: [{ name: 'shell', description: SHELLS.join(', '), choices: SHELLS }],
  examples: [
    'eval "$(session-library completion bash)"   # in ~/.bashrc',
    'session-library completion zsh > ~/.zfunc/_session-library   # a folder in $fpath',
    'session-library completion fish > ~/.config/fish/completions/session-library.fish',
  ],
  async run({ positionals: [shell = ''], commands, io }) {
    if (!isShell(shell))
      throw new UsageError(`completion: unknown shell '${shell}' (one of ${SHELLS.join(', ')})`, ['completion'])
    await loadContract()
    io.stdout.write(completionScript(shell, commands))
  },
}
