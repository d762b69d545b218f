import { type ReactNode, useId } from 'react';
import { FileTrigger } from 'react-aria-components';
import styled from 'styled-components';
import { Button, VisuallyHidden, visuallyHidden } from '../Button/Button.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';

/** Label, required mark and error around an upload field; a group named by the label. */
export function FieldFrame({
  label,
  required,
  error,
  hideLabel,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string | null;
  /** The label stays the group's name but is not shown (a detail list labels the value itself). */
  hideLabel?: boolean;
  children: (ids: { label: string; error: string | undefined }) => ReactNode;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Frame
      role="group"
      aria-labelledby={labelId}
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? '' : undefined}
    >
      <Label id={labelId} data-hidden={hideLabel || undefined}>
        {label}
        {required && (
          <>
            <span aria-hidden="true"> *</span>
            <VisuallyHidden> ({messages.required})</VisuallyHidden>
          </>
        )}
      </Label>
      {children({ label: labelId, error: error ? errorId : undefined })}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Frame>
  );
}

/** The upload button: only the first selected file is passed on. */
export function UploadButton({
  label,
  accept,
  isDisabled,
  onFile,
}: {
  label: string;
  accept?: readonly string[];
  isDisabled?: boolean;
  onFile: (file: File) => void;
}) {
  return (
    <FileTrigger
      acceptedFileTypes={accept ? [...accept] : undefined}
      onSelect={(files) => {
        const first = files?.[0];
        if (first) onFile(first);
      }}
    >
      <Button variant="secondary" size="sm" icon={<Icon name="upload" size={18} />} isDisabled={isDisabled}>
        {label}
      </Button>
    </FileTrigger>
  );
}

export function LoadingLine() {
  return (
    <Muted role="status">
      <Icon name="clock" size={18} />
      {messages.loading}
    </Muted>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Label = styled.span`
  font-weight: ${({ theme }) => theme.font.weight.medium};
  & > span[aria-hidden] { color: ${({ theme }) => theme.color.danger}; }
  &[data-hidden] { ${visuallyHidden} }
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const Muted = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.textMuted};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.size.inputHeight};
  padding: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  [data-invalid] > & { border-color: ${({ theme }) => theme.color.danger}; }
`;

export const FileName = styled.span`
  flex: 1 1 auto;
  min-width: 0;
  overflow-wrap: anywhere;
`;
