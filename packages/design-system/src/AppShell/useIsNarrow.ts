import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether an element is narrower than `breakpoint` px. Measured on the element itself
 * (not the window) so a story can render a phone layout inside a 375 px box.
 */
export function useIsNarrow(ref: RefObject<HTMLElement | null>, breakpoint: number, override?: boolean) {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (override !== undefined || !element) return;
    const measure = () => setNarrow(element.getBoundingClientRect().width < breakpoint);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, breakpoint, override]);
  return override ?? narrow;
}
