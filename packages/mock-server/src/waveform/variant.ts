export { chooseVariant } from './waveforms.js'
