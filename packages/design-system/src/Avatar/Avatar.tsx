import { useState } from 'react';
import styled from 'styled-components';
import { Icon } from '../Icon/Icon.tsx';

export interface AvatarProps {
  /** Thai name of who or what is shown; the accessible name of the avatar. */
  readonly name: string;
  /** Image URL (a blob URL made by the caller); without it, initials or the person icon show. */
  readonly src?: string | null;
  /** Show initials of `name` when there is no image (default true). */
  readonly showInitials?: boolean;
  /** Width and height in px (spec §9 thumbnail default 48). */
  readonly size?: number;
  /** Told when the image fails to load (the caller logs it, spec §8). */
  readonly onImageError?: () => void;
  readonly className?: string;
}

// Thai vowels written before their consonant (เ แ โ ใ ไ) are not the word's initial.
const leadingThaiVowel = /^[\u0E40-\u0E44]/u;

/** Up to two letters: first letters of the first two words ('สมชาย ใจดี' → 'สจ'). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word.replace(leadingThaiVowel, ''))[0] ?? '')
    .join('')
    .toUpperCase();
}

export function Avatar({ name, src, showInitials = true, size = 48, onImageError, className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Remembering which source failed gives a new source its own chance to load.
  const showImage = src && failedSrc !== src;
  const initials = showInitials ? initialsOf(name) : '';
  return (
    <Circle
      role="img"
      aria-label={name}
      className={className}
      style={{ width: size, height: size }}
      data-size={size}
    >
      {showImage ? (
        <img
          src={src}
          alt=""
          onError={() => {
            setFailedSrc(src);
            onImageError?.();
          }}
        />
      ) : initials && !src ? (
        <Initials aria-hidden="true" style={{ fontSize: Math.round(size * 0.4) }}>
          {initials}
        </Initials>
      ) : (
        <Icon name="person" size={Math.round(size * 0.6)} />
      )}
    </Circle>
  );
}

const Circle = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  overflow: hidden;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};
  vertical-align: middle;

  & > img { width: 100%; height: 100%; object-fit: cover; }
`;

const Initials = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1;
`;
