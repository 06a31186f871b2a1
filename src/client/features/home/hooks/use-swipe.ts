import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** How far a press must move before it counts as a drag rather than a click. */
const DRAG_THRESHOLD_PX = 6;
/** How far a drag must go to move to the neighbouring slide. */
const SWIPE_DISTANCE_PX = 50;

interface Press {
  pointerId: number;
  x: number;
}

/**
 * Swipe and mouse drag for a carousel: answers how far the slides follow the pointer now, and the
 * handlers for their frame. `onSwipe(1)` moves to the next slide, `onSwipe(-1)` to the previous.
 */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const press = useRef<Press | null>(null);
  const dragged = useRef(false);
  const [dragOffset, setDragOffset] = useState(0);

  const distance = (event: PointerEvent) => {
    const current = press.current;
    return current && current.pointerId === event.pointerId ? event.clientX - current.x : null;
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!event.isPrimary || event.button !== 0) return;
      press.current = { pointerId: event.pointerId, x: event.clientX };
      dragged.current = false;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const moved = distance(event);
      if (moved === null || (!dragged.current && Math.abs(moved) < DRAG_THRESHOLD_PX)) return;
      if (!dragged.current) {
        dragged.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setDragOffset(moved);
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const moved = distance(event);
      press.current = null;
      setDragOffset(0);
      if (moved !== null && dragged.current && Math.abs(moved) >= SWIPE_DISTANCE_PX) {
        onSwipe(moved < 0 ? 1 : -1);
      }
    },
    onPointerCancel() {
      press.current = null;
      setDragOffset(0);
    },
    // A drag that ends over a slide's button must not follow the link.
    onClickCapture(event: MouseEvent) {
      if (!dragged.current) return;
      dragged.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
    // Links are draggable by default, which would take the pointer away from the swipe.
    onDragStart(event: MouseEvent) {
      event.preventDefault();
    },
  };

  return { dragOffset, handlers };
}
