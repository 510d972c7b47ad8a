import { existsSync } from 'node:fs'

/** Whether a shell is installed: a newcomer's machine may have no zsh or fish, and the suite skips what needs them. */
export const hasShell = (shell: string) => existsSync(`/usr/bin/${shell}`) || existsSync(`/bin/${shell}`)

/** A test's title that says, when its shell is missing, that it was skipped and why (the summary lists it). */
export const shellTitle = (title: string) =>
  hasShell(title.split(':')[0] as string) ? title : `${title} (SKIPPED: not installed)`
