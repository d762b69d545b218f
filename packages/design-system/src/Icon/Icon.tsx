import type { Ref } from 'react';
import styled from 'styled-components';
import { type IconName, iconPaths } from './paths.ts';

export interface IconProps {
  readonly name: IconName;
  /** Thai text for an icon that stands alone; without it the icon is decoration and hidden. */
  readonly label?: string;
  /** Width and height in px (default 24, or 1em of the text with `size="1em"`). */
  readonly size?: number | '1em';
  readonly className?: string;
  readonly ref?: Ref<SVGSVGElement>;
}

export function Icon({ name, label, size = 24, className, ref }: IconProps) {
  const labelled = label !== undefined && label !== '';
  return (
    <StyledSvg
      ref={ref}
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={name}
      focusable="false"
      {...(labelled ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {iconPaths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </StyledSvg>
  );
}

const StyledSvg = styled.svg`
  display: inline-block;
  flex-shrink: 0;
  vertical-align: middle;
`;
