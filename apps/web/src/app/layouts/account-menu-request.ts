/** A click on the stand-in trigger before the menu's chunk arrived: the menu opens when it does. */
let pending = false;

export function requestAccountMenuOpen(): void {
  pending = true;
}

export function takeAccountMenuOpenRequest(): boolean {
  const wanted = pending;
  pending = false;
  return wanted;
}
