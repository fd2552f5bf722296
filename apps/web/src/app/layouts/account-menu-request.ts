/**
 * A click on the stand-in trigger before the menu's chunk arrived: the menu opens when it does. The
 * request is read (not consumed) while rendering, because React may render a lazy component more
 * than once before it commits; the mounted menu clears it.
 */
let pending = false;
/** The stand-in had the keyboard focus when the real menu replaced it: the menu's trigger takes it. */
let focused = false;

export function requestAccountMenuOpen(): void {
  pending = true;
}

export const isAccountMenuOpenRequested = (): boolean => pending;

export function clearAccountMenuOpenRequest(): void {
  pending = false;
}

export function setAccountMenuStandInFocused(value: boolean): void {
  focused = value;
}

/** Read once by the mounted menu: true if its trigger should take the focus from the stand-in. */
export function takeAccountMenuStandInFocus(): boolean {
  const was = focused;
  focused = false;
  return was;
}
