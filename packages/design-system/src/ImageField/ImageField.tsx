import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';
import { FieldFrame, LoadingLine, Row, UploadButton } from '../FileField/FieldFrame.tsx';
import type { FileFieldProps } from '../FileField/FileField.tsx';
import { Icon } from '../Icon/index.ts';
import { ImageViewer } from '../ImageViewer/ImageViewer.tsx';
import { messages } from '../messages.ts';

/** Spec §9: image field default height. */
export const imageFieldHeight = 160;
const imageTypes = ['.jpg', '.jpeg', '.png'] as const;

export interface ImageFieldProps extends Omit<FileFieldProps, 'accept'> {
  /** A blob or object URL the caller made from the stored file. */
  readonly imageSrc?: string | null;
  /** Preview height in px (default 160). */
  readonly height?: number;
  /** The stored image could not be fetched (its message); the preview says so instead of "no image". */
  readonly imageError?: string | null;
}

/**
 * Spec §4 image field: a preview (or no-image placeholder); "upload" becomes "change" once set.
 * An image that failed to load (fetched or decoded) shows an error (spec §8), never "no image".
 */
export function ImageField({ imageSrc, height = imageFieldHeight, imageError, ...props }: ImageFieldProps) {
  const { label, value, fileName, isLoading, isDisabled } = props;
  const [viewerOpen, setViewerOpen] = useState(false);
  // The bytes arrived but the browser could not draw them; forgotten when another image comes.
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const failure = value
    ? (imageError ?? (imageSrc && brokenSrc === imageSrc ? messages.imageLoadFailed : null))
    : null;
  const [typeError, setTypeError] = useState(false);
  const onFile = (file: File) => {
    // The picker's filter can be bypassed (drag and drop, "all files"): check the name too.
    const ok = imageTypes.some((ext) => file.name.toLowerCase().endsWith(ext));
    setTypeError(!ok);
    if (ok) props.onUpload(file);
  };
  const alt = fileName ?? label;
  return (
    <FieldFrame
      label={label}
      required={props.required}
      error={props.error ?? (typeError ? messages.imageTypesOnly : null)}
    >
      {() => (
        <>
          <Preview style={{ height }} data-state={isLoading ? 'loading' : value ? 'loaded' : 'empty'}>
            {isLoading ? (
              <LoadingLine />
            ) : failure ? (
              <Placeholder role="alert" data-failed="">
                <Icon name="error" size={40} />
                {failure}
              </Placeholder>
            ) : value && imageSrc ? (
              <Thumb
                type="button"
                aria-label={`${messages.viewImage} ${alt}`}
                onClick={() => setViewerOpen(true)}
              >
                <img src={imageSrc} alt={alt} onError={() => setBrokenSrc(imageSrc)} />
              </Thumb>
            ) : (
              <Placeholder>
                <Icon name="image" size={40} />
                {messages.noImage}
              </Placeholder>
            )}
          </Preview>
          <Row>
            <Hint>{value ? (fileName ?? '') : messages.uploadPrompt}</Hint>
            <UploadButton
              label={value ? messages.change : messages.upload}
              accept={imageTypes}
              isDisabled={isDisabled || isLoading}
              onFile={onFile}
            />
            {value && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={messages.download}
                  icon={<Icon name="download" size={18} />}
                  onPress={props.onDownload}
                >
                  {messages.download}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={messages.removeFile}
                  icon={<Icon name="delete" size={18} />}
                  onPress={props.onRemove}
                  isDisabled={isDisabled}
                >
                  {messages.delete}
                </Button>
              </>
            )}
          </Row>
          {imageSrc && (
            <ImageViewer isOpen={viewerOpen} onClose={() => setViewerOpen(false)} src={imageSrc} alt={alt} />
          )}
        </>
      )}
    </FieldFrame>
  );
}

const Preview = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
`;

const Thumb = styled.button`
  display: flex;
  height: 100%;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: zoom-in;
  & > img { height: 100%; max-width: 100%; object-fit: contain; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
`;

const Placeholder = styled.span`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
  &[data-failed] { color: ${({ theme }) => theme.color.danger}; }
`;

const Hint = styled.span`
  flex: 1 1 auto;
  min-width: 0;
  color: ${({ theme }) => theme.color.textMuted};
  overflow-wrap: anywhere;
`;
