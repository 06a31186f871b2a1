import { useEffect, useState, type RefObject } from 'react';

interface SeenOptions {
  /** How much of the element must be on screen, from 0 (any of it) to 1 (all of it). */
  share?: number;
  /** How far outside the screen already counts, as in CSS margins (for example '200px 0px'). */
  margin?: string;
}

/** Becomes true, and stays true, once the element has been on screen (see SeenOptions). */
export function useSeen(
  element: RefObject<Element | null>,
  { share = 0, margin = '0px' }: SeenOptions = {},
): boolean {
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const target = element.current;
    if (seen || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { threshold: share, rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, share, margin, seen]);

  return seen;
}
