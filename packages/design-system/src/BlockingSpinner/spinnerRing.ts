import { css, type DefaultTheme } from 'styled-components';

/**
 * The one loading look: a ring on a `track` colour with its top in the primary colour, turning.
 * The blocking overlay and a field's inline spinner differ only in size.
 */
export function spinnerRing(size: number, stroke: number, track: keyof DefaultTheme['color']) {
  return css`
    width: ${size}px;
    height: ${size}px;
    border: ${stroke}px solid ${({ theme }) => theme.color[track]};
    border-top-color: ${({ theme }) => theme.color.primary};
    border-radius: 50%;
    animation: lms-spin 0.8s linear infinite;
    @keyframes lms-spin { to { transform: rotate(360deg); } }
  `;
}
