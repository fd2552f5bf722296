import type { TScanOutcome } from '@club/shared/contract/event-day';

/**
 * Feedback a hand at the door can feel (where the phone can vibrate): one short buzz for "in", a
 * shorter one for a check-out, three for a refusal. Nothing where the browser has no vibration.
 */
export function buzz(
  result: TScanOutcome['result'],
  nav: Pick<Navigator, 'vibrate'> | undefined = globalThis.navigator,
) {
  if (!nav || typeof nav.vibrate !== 'function') return;
  nav.vibrate(result === 'IN' ? 120 : result === 'OUT' ? 60 : [220, 90, 220, 90, 220]);
}
