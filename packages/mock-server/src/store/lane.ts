export { nextLane } from './waveform-notes.js'
