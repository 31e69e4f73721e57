/** Spec §9: confetti lasts 3000–4000 ms with 80–120 particles. */
export const CONFETTI_PARTICLES = { min: 80, max: 120 } as const;
export const CONFETTI_DURATION_MS = { min: 3000, max: 4000 } as const;

const FRAMES_PER_SECOND = 60;

function between(min: number, max: number) {
  return Math.round(min + Math.random() * (max - min));
}

/**
 * One celebratory burst. canvas-confetti is loaded on first use so it never weighs on page loads.
 * A particle lives `ticks` animation frames, so the duration is set through ticks at 60 fps.
 * People who ask for reduced motion get no animation.
 */
export async function fireConfetti(): Promise<void> {
  const { default: confetti } = await import('canvas-confetti');
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
