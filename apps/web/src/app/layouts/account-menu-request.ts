/**
 * A click on the stand-in trigger before the menu's chunk arrived: the menu opens when it does. The
 * request is read (not consumed) while rendering, because React may render a lazy component more
 * than once before it commits; the mounted menu clears it.
 */
let pending = false;

export function requestAccountMenuOpen(): void {
  pending = true;
}

export const isAccountMenuOpenRequested = (): boolean => pending;

export function clearAccountMenuOpenRequest(): void {
  pending = false;
}
