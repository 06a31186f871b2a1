import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { isTypingIn } from '../../../lib/keyboard.ts';

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** Where a slide sits relative to the shown one: 0 shown, 1 next on the right, -1 on the left… */
function loopOffset(index: number, active: number, count: number): number {
  const ahead = wrap(index - active, count);
  return ahead > count / 2 ? ahead - count : ahead;
}

/** The slides of the region; the shown one is the one that is not inert. */
const SLIDE = '[aria-roledescription="slide"]';

const asksForLessMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export interface SlidePosition {
  /** In slide widths (plus the gap) from the shown place. */
  offset: number;
  /** False for a slide that wraps round to the other end: it must jump, not cross the view. */
  glides: boolean;
}

/**
 * A looping carousel of `count` slides, as WAI-ARIA's carousel pattern asks: it moves on every
 * `interval` milliseconds while playing and not under the mouse; it does not start by itself when
 * the system asks for less motion; keyboard focus coming into it stops it until its play switch is
 * used; and the left and right arrow keys move it only while focus is inside it (`regionHandlers`).
 */
export function useCarousel(
  count: number,
  interval: number,
  region: RefObject<HTMLElement | null>,
) {
  const [{ active, previous }, setPlace] = useState({ active: 0, previous: 0 });
  const [playing, setPlaying] = useState(() => !asksForLessMotion());
  const [hovered, setHovered] = useState(false);
  const rotating = playing && !hovered;
  // Set when an arrow key moved the slides while focus was on the slide that is now hidden.
  const focusShownSlide = useRef(false);

  const goTo = useCallback(
    (index: number) =>
      setPlace((place) => ({ previous: place.active, active: wrap(index, count) })),
    [count],
  );
  const step = useCallback(
    (by: 1 | -1) =>
      setPlace((place) => ({ previous: place.active, active: wrap(place.active + by, count) })),
    [count],
  );

  // Restarted by every move, so a slide chosen by hand stays the full interval too.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => step(1), interval);
    return () => window.clearTimeout(timer);
  }, [active, rotating, interval, step]);

  // Focus must not be left on a slide that has just become inert.
  useEffect(() => {
    if (!focusShownSlide.current) return;
    focusShownSlide.current = false;
    region.current
      ?.querySelector<HTMLElement>(`${SLIDE}:not([inert]) a, ${SLIDE}:not([inert]) button`)
      ?.focus();
  }, [active, region]);

  const travel = loopOffset(previous, active, count);
  const position = (index: number): SlidePosition => {
    const offset = loopOffset(index, active, count);
    return { offset, glides: offset - loopOffset(index, previous, count) === travel };
  };

  const regionHandlers = {
    // Only a mouse pauses it: a tap on a touch screen would never be followed by a leave.
    onPointerEnter: (event: PointerEvent) => setHovered(event.pointerType === 'mouse'),
    onPointerLeave: () => setHovered(false),
    // Keyboard focus stops it for good (a click's focus is not shown and does not count).
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (event.target.matches(':focus-visible')) setPlaying(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (isTypingIn(event.target)) return;
      event.preventDefault();
      focusShownSlide.current =
        event.target instanceof Element && event.target.closest(SLIDE) !== null;
      step(event.key === 'ArrowRight' ? 1 : -1);
    },
  };

  return {
    active,
    position,
    goTo,
    step,
    playing,
    rotating,
    togglePlaying: () => setPlaying((now) => !now),
    regionHandlers,
  };
}
