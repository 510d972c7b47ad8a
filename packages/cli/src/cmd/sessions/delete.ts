import type { Extras } from '../../cmdutil/operation-command.js'

export const sessionsDelete: Extras = { examples: ['session-library sessions delete ses_1 --yes'] }
