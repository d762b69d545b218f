import { useEffect, useState } from 'react';
import styled from 'styled-components';

/** A move that draws within this long shows no bar. */
const SHOWN_AFTER_MS = 200;

/**
 * A move to another page whose screen is still on its way (its chunk, on a slow link): the old page
 * stays until the next one can be drawn (`GuardedRouter`), so this thin bar at the top says the
 * press was taken.
 */
export function MovePending() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <Bar role="progressbar" aria-label="กำลังเปิดหน้า" /> : null;
}

const Bar = styled.div`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 1000;
  height: 3px;
  overflow: hidden;
  pointer-events: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0 auto 0 0;
    width: 40%;
    background: ${({ theme }) => theme.color.primary};
    animation: lms-move-runs 1.2s ease-in-out infinite;
  }
  @keyframes lms-move-runs {
    from { transform: translateX(-100%); }
    to { transform: translateX(250%); }
  }
`;
