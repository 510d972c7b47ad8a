import type { Command } from './command.js'
import type { Shell } from './commands/completion.js'
import { GLOBAL_FLAGS } from './global-flags.js'

const PROGRAM = 'session-library'

interface Entry {
  /** The command words typed so far that lead here ('' at the top). */
  path: string
  /** Words that may come next, with a description. */
  words: [string, string][]
  /** Flags (without dashes) of the command named by `path`, with a description and whether they take a value. */
  flags: [string, string, boolean][]
}

function entries(commands: readonly Command[]): Entry[] {
  const next = new Map<string, Map<string, string>>()
  const result: Entry[] = []
  for (const command of commands) {
    command.words.forEach((word, index) => {
      const path = command.words.slice(0, index).join(' ')
      const words = next.get(path) ?? new Map<string, string>()
      next.set(path, words)
      if (!words.has(word)) words.set(word, index === command.words.length - 1 ? command.summary : `${word} commands`)
    })
    const flags = Object.entries({ ...command.flags(), ...GLOBAL_FLAGS }).map(
      ([name, flag]) => [name, flag.description, flag.type === 'string'] as [string, string, boolean],
    )
    result.push({ path: command.words.join(' '), words: [], flags })
  }
  for (const [path, words] of next) result.push({ path, words: [...words], flags: [] })
  return result
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`
const casePattern = (path: string) => (path === '' ? "''" : `${quote(path)}|${quote(`${path} `)}*`)
const byLength = (entries: Entry[]) => [...entries].sort((a, b) => b.path.length - a.path.length)

// Each shell finds the command words typed so far (the words before the first flag), then offers the
// next words, or the command's flags when the word being completed starts with a dash.
function bash(all: Entry[]): string {
  const cases = byLength(all).map((entry) => {
    const words = entry.words.map(([word]) => word).join(' ')
    const flags = entry.flags.map(([name]) => `--${name}`).join(' ')
    return `    ${casePattern(entry.path)}) words=${quote(words)}; flags=${quote(flags)} ;;`
  })
  return `# bash completion for ${PROGRAM}: eval "$(${PROGRAM} completion bash)"
_session_library() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" typed="" i words="" flags=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ \${COMP_WORDS[i]} == -* ]] && break
    typed+="\${typed:+ }\${COMP_WORDS[i]}"
  done
  case "$typed" in
${cases.join('\n')}
  esac
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$flags" -- "$cur")); else COMPREPLY=($(compgen -W "$words" -- "$cur")); fi
}
complete -F _session_library ${PROGRAM}
`
}

const zshItem = (name: string, description: string) => quote(`${name.replace(/:/g, '\\:')}:${description}`)

function zsh(all: Entry[]): string {
  const cases = byLength(all).map((entry) => {
    const words = entry.words.map(([word, text]) => zshItem(word, text)).join(' ')
    const flags = entry.flags.map(([name, text]) => zshItem(`--${name}`, text)).join(' ')
    return `    (${casePattern(entry.path)}) words=(${words}); flags=(${flags}) ;;`
  })
  return `#compdef ${PROGRAM}
# zsh completion for ${PROGRAM}: source <(${PROGRAM} completion zsh)
_session_library() {
  local typed="" i
  local -a words_ flags
  for ((i = 2; i < CURRENT; i++)); do
    [[ \${words[i]} == -* ]] && break
    typed+="\${typed:+ }\${words[i]}"
  done
  case "$typed" in
${cases.join('\n').replace(/words=/g, 'words_=')}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then _describe 'flag' flags; else _describe 'command' words_; fi
}
compdef _session_library ${PROGRAM}
`
}

function fish(all: Entry[]): string {
  const lines = byLength(all).flatMap((entry) => {
    const when = entry.path === '' ? 'test -z (__session_library_path)' : `__session_library_at ${quote(entry.path)}`
    return [
      ...entry.words.map(
        ([word, text]) => `complete -c ${PROGRAM} -n ${quote(when)} -a ${quote(word)} -d ${quote(text)}`,
      ),
      ...entry.flags.map(
        ([name, text, value]) =>
          `complete -c ${PROGRAM} -n ${quote(when)} -l ${name}${value ? ' -r' : ''} -d ${quote(text)}`,
      ),
    ]
  })
  return `# fish completion for ${PROGRAM}: ${PROGRAM} completion fish | source
function __session_library_path
    set -l typed
    for token in (commandline -opc)[2..-1]
        string match -q -- '-*' $token; and break
        set typed $typed $token
    end
    string join ' ' $typed
end
function __session_library_at
    set -l typed (__session_library_path)
    test "$typed" = $argv[1]; or string match -q -- "$argv[1] *" "$typed"
end
complete -c ${PROGRAM} -f
${lines.join('\n')}
`
}

/**
 * The completion script of a shell for these commands: their words and every flag, written out.
 *
 * @example `completionScript('bash', commands).includes('complete -F')`
 */
export function completionScript(shell: Shell, commands: readonly Command[]): string {
  const all = entries(commands)
  return { bash, zsh, fish }[shell](all)
}
