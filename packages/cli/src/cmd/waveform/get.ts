import type { Extras } from '../../cmdutil/operation-command.js'

export const waveformGet: Extras = { aliases: { variant: 'variant-id' } }
