import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `container` that Tab can reach, in DOM order; hidden and inert subtrees are skipped. */
export function getFocusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}

// Open traps, innermost last: only the innermost one answers Tab and Escape, so a dialog opened from the
// mobile menu closes on Escape without closing the menu behind it.
const openTraps: symbol[] = [];

export interface FocusTrapOptions {
  /**
   * Makes everything outside the container's top-level ancestor (a portal's node under document.body) inert while
   * active, so pointer, keyboard and screen-reader users alike cannot reach the page behind.
   */
  inertOutside?: boolean;
  /** Where focus goes on deactivation instead of the element focused at activation; asked then. */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * While `active`, keeps Tab and Shift+Tab inside `containerRef`, focuses its first focusable element (or the
 * container itself, which then needs tabIndex={-1}) and calls `onEscape` on Escape. On deactivation focus
 * returns to the element that had it before, e.g. the button that opened the dialog.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape?: () => void,
  { inertOutside = false, returnFocusTo }: FocusTrapOptions = {},
): void {
  // The latest callbacks without re-running the effect, which would move focus again on every render.
  const onEscapeRef = useRef(onEscape);
  const returnFocusToRef = useRef(returnFocusTo);
  useEffect(() => {
    onEscapeRef.current = onEscape;
    returnFocusToRef.current = returnFocusTo;
  });

  useEffect(() => {
    if (!active) return;
    const container = containerRef.current;
    if (!container) return;

    const id = Symbol('focus-trap');
    openTraps.push(id);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!container.contains(document.activeElement)) {
      (getFocusableElements(container)[0] ?? container).focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      if (openTraps[openTraps.length - 1] !== id || !container) return;
      if (event.key === 'Escape') {
        if (onEscapeRef.current) {
          event.preventDefault();
          onEscapeRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = getFocusableElements(container);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const current = document.activeElement;
      const outside = !container.contains(current);
      if (event.shiftKey && (outside || current === first || current === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    }

    // After focus has moved in: making the focused opener inert first would drop focus to the body.
    const madeInert = inertOutside ? makeSiblingsInert(container) : [];

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const index = openTraps.indexOf(id);
      if (index !== -1) openTraps.splice(index, 1);
      // Before focus goes back: an inert element cannot take it.
      madeInert.forEach((element) => element.removeAttribute('inert'));
      const returnTo = returnFocusToRef.current?.() ?? previouslyFocused;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [active, containerRef, inertOutside]);
}

/**
 * Sets `inert` on the other children of document.body than the one holding `container`; returns those it set, so
 * a nested dialog gives back only what it took and the outer dialog's page stays inert.
 */
function makeSiblingsInert(container: HTMLElement): HTMLElement[] {
  let top: HTMLElement = container;
  while (top.parentElement && top.parentElement !== document.body) top = top.parentElement;
  if (top.parentElement !== document.body) return [];
  const siblings = Array.from(document.body.children).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element !== top,
  );
  const made = siblings.filter((element) => !element.hasAttribute('inert'));
  made.forEach((element) => element.setAttribute('inert', ''));
  return made;
}
