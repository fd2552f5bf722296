/**
 * A press on the stand-in trigger: the real menu mounts open (at once, or when its chunk arrives). The
 * request is read (not consumed) while rendering, because React may render a lazy component more
 * than once before it commits; the mounted menu clears it.
 */
let pending: 'pointer' | 'keyboard' | null = null;

export function requestAccountMenuOpen(by: 'pointer' | 'keyboard'): void {
  pending = by;
}

export const isAccountMenuOpenRequested = (): boolean => pending !== null;

/** Opened by Enter or Space: the menu puts the focus on its first item, as Radix's trigger would. */
export const isAccountMenuOpenedByKeyboard = (): boolean => pending === 'keyboard';

export function clearAccountMenuOpenRequest(): void {
  pending = null;
}
