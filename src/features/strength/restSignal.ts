/** Two short beeps and a buzz at the end of a rest, where the browser and the device allow them. */

const BEEP_HZ = 880;
const BEEP_S = 0.15;
const VIBRATION_MS = [200, 100, 200];

type AudioContextClass = typeof AudioContext;

let audio: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  // Older Safari names it with a prefix; some browsers have neither.
  const scope: { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass } = window;
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * Browsers let a page make sound only once the person has tapped it: the sound is made ready on
 * the tap that starts (or extends) a rest, to be played when the rest ends.
 */
export function prepareRestSignal(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  } catch {
    audio = null;
  }
}

function beep(context: AudioContext, startsAt: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = BEEP_HZ;
  // A quick fade out avoids the click of a cut-off wave.
  gain.gain.setValueAtTime(0.3, startsAt);
  gain.gain.exponentialRampToValueAtTime(0.001, startsAt + BEEP_S);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(startsAt);
  oscillator.stop(startsAt + BEEP_S);
}

export function signalRestOver(): void {
  if (audio?.state === 'running') {
    try {
      beep(audio, audio.currentTime);
      beep(audio, audio.currentTime + 2 * BEEP_S);
    } catch {
      // The countdown and the announcement still tell the rest is over.
    }
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION_MS);
}
