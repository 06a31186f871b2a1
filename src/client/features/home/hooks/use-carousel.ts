import { useCallback, useEffect, useState, type PointerEvent, type RefObject } from 'react';

const wrap = (index: number, count: number) => ((index % count) + count) % count;

/** Where a slide sits relative to the shown one: 0 shown, 1 next on the right, -1 on the left… */
function loopOffset(index: number, active: number, count: number): number {
  const ahead = wrap(index - active, count);
  return ahead > count / 2 ? ahead - count : ahead;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function isOnScreen(element: Element): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
}

export interface SlidePosition {
  /** In slide widths (plus the gap) from the shown place. */
  offset: number;
  /** False for a slide that wraps round to the other end: it must jump, not cross the view. */
  glides: boolean;
}

/**
 * A looping carousel of `count` slides that moves on every `interval` milliseconds while playing
 * and not under the mouse, and answers the left and right arrow keys while it is on screen.
 */
export function useCarousel(
  count: number,
  interval: number,
  region: RefObject<HTMLElement | null>,
) {
  const [{ active, previous }, setPlace] = useState({ active: 0, previous: 0 });
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const rotating = playing && !hovered;

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

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (isTyping(event.target) || !region.current || !isOnScreen(region.current)) return;
      step(event.key === 'ArrowRight' ? 1 : -1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [region, step]);

  const travel = loopOffset(previous, active, count);
  const position = (index: number): SlidePosition => {
    const offset = loopOffset(index, active, count);
    return { offset, glides: offset - loopOffset(index, previous, count) === travel };
  };

  // Only a mouse pauses it: a tap on a touch screen would never be followed by a leave.
  const hoverHandlers = {
    onPointerEnter: (event: PointerEvent) => setHovered(event.pointerType === 'mouse'),
    onPointerLeave: () => setHovered(false),
  };

  return {
    active,
    position,
    goTo,
    step,
    playing,
    rotating,
    togglePlaying: () => setPlaying((now) => !now),
    hoverHandlers,
  };
}
