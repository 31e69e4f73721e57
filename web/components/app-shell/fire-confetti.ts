import type { CreateTypes } from 'canvas-confetti';

/** Confetti lasts 3000–4000 ms with 80–120 particles. */
const CONFETTI_PARTICLES = { min: 80, max: 120 } as const;
const CONFETTI_DURATION_MS = { min: 3000, max: 4000 } as const;

const FRAMES_PER_SECOND = 60;

function between(min: number, max: number) {
  return Math.round(min + Math.random() * (max - min));
}

let cannon: CreateTypes | null = null;

/**
 * canvas-confetti's default cannon draws in a worker built from a blob: URL, which the page's
 * Content-Security-Policy refuses (worker-src falls back to script-src 'self'): the worker never
 * starts and the canvas, already handed to it, stays blank. Drawing on the main thread needs no
 * change to the policy and costs nothing noticeable for one short burst.
 */
async function loadCannon() {
  if (cannon) return cannon;
  const { default: confetti } = await import('canvas-confetti');
  cannon = confetti.create(undefined, { useWorker: false, resize: true, disableForReducedMotion: true });
  return cannon;
}

/**
 * One celebratory burst. canvas-confetti is loaded on first use so it never weighs on page loads.
 * A particle lives `ticks` animation frames, so the duration is set through ticks at 60 fps.
 * People who ask for reduced motion get no animation.
 */
export async function fireConfetti(): Promise<void> {
  const confetti = await loadCannon();
  const durationMs = between(CONFETTI_DURATION_MS.min, CONFETTI_DURATION_MS.max);
  // Particles age per animation frame, so a slow device would stretch the show: end it on time.
  const stop = window.setTimeout(() => confetti.reset(), durationMs);
  await confetti({
    particleCount: between(CONFETTI_PARTICLES.min, CONFETTI_PARTICLES.max),
    spread: 80,
    startVelocity: 40,
    origin: { y: 0.6 },
    ticks: Math.round((durationMs / 1000) * FRAMES_PER_SECOND),
    zIndex: 60,
    colors: ['#059669', '#10b981', '#f59e0b', '#0ea5e9', '#ec4899', '#8b5cf6'],
    disableForReducedMotion: true,
  });
  window.clearTimeout(stop);
}
