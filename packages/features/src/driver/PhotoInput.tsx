import { Button, Icon } from '@lms/design-system';
import { DELIVERY_BOUNDS } from '@lms/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Notice } from './layout.tsx';
import { resizePhoto } from './photos.ts';
import { driverText } from './text.ts';

/**
 * Photos for a proof: the phone's camera (or gallery) through a file input, each photo made small
 * on the phone (photos.ts) before it is kept; thumbnails with a remove button each. At most five.
 */
export function PhotoInput({
  label,
  photos,
  onChange,
  error,
  resize = resizePhoto,
}: {
  readonly label: string;
  readonly photos: readonly Blob[];
  readonly onChange: (photos: readonly Blob[]) => void;
  readonly error?: string | undefined;
  /** The resizer (stories may pass their own). */
  readonly resize?: (file: Blob) => Promise<Blob>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const urls = useMemo(() => photos.map((photo) => URL.createObjectURL(photo)), [photos]);
  useEffect(
    () => () => {
      for (const url of urls) URL.revokeObjectURL(url);
    },
    [urls],
  );
  const full = photos.length >= DELIVERY_BOUNDS.photosPerProof;

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setProblem(undefined);
    const added: Blob[] = [];
    for (const file of [...files].slice(0, DELIVERY_BOUNDS.photosPerProof - photos.length)) {
      try {
        added.push(await resize(file));
      } catch {
        setProblem(driverText.photoFailed);
      }
    }
    setBusy(false);
    if (added.length) onChange([...photos, ...added]);
  };

  return (
    <Group role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <span id={`${id}-label`}>{label}</span>
      {photos.length > 0 && (
        <Thumbs>
          {urls.map((url, i) => (
            <li key={url}>
              <img src={url} alt={driverText.photoAlt(i + 1)} />
              <Button
                size="sm"
                variant="danger"
                aria-label={driverText.removePhoto(i + 1)}
                onPress={() => onChange(photos.filter((_, j) => j !== i))}
              >
                <Icon name="delete" size={16} />
              </Button>
            </li>
          ))}
        </Thumbs>
      )}
      {!full && (
        <Pick data-busy={busy || undefined}>
          <Icon name="image" size={28} />
          {busy ? driverText.resizing : driverText.addPhoto}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={busy}
            aria-label={`${label}: ${driverText.addPhoto}`}
            onChange={(event) => {
              void add(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </Pick>
      )}
      {problem && <Notice $tone="danger">{problem}</Notice>}
      {error && (
        <Notice id={`${id}-error`} role="alert" $tone="danger">
          {error}
        </Notice>
      )}
    </Group>
  );
}

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  > span {
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;
const Thumbs = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: ${({ theme }) => theme.space[2]};
  li {
    position: relative;
  }
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius.md};
  }
  li > button {
    position: absolute;
    top: 4px;
    right: 4px;
  }
`;
const Pick = styled.label`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 56px;
  border: 1px dashed ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.primary};
  background: ${({ theme }) => theme.color.surface};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  cursor: pointer;
  input {
    position: absolute;
    inset: 0;
    opacity: 0;
    cursor: pointer;
  }
  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
  &[data-busy] {
    opacity: 0.7;
  }
`;
