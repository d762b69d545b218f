import { Button } from '../Button/Button.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import { FieldFrame, FileName, LoadingLine, Muted, Row, UploadButton } from './FieldFrame.tsx';

export interface FileFieldProps {
  readonly label: string;
  /** Stored file id, or null when empty. */
  readonly value: string | null;
  readonly fileName?: string | null;
  /** File types for the picker, e.g. ['.pdf']. */
  readonly accept?: readonly string[];
  readonly onUpload: (file: File) => void;
  readonly onDownload: () => void;
  /** Clears the value (the host sets `value` to null). */
  readonly onRemove: () => void;
  readonly isLoading?: boolean;
  readonly isDisabled?: boolean;
  readonly error?: string | null;
  readonly required?: boolean;
}

/** Spec §4 file field: empty (upload prompt), loading, loaded (name, download, remove). */
export function FileField({
  label,
  value,
  fileName,
  accept,
  onUpload,
  onDownload,
  onRemove,
  isLoading,
  isDisabled,
  error,
  required,
}: FileFieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error}>
      {() => (
        <Row data-state={isLoading ? 'loading' : value ? 'loaded' : 'empty'}>
          {isLoading ? (
            <LoadingLine />
          ) : value ? (
            <>
              <Icon name="file" size={20} />
              <FileName>{fileName ?? value}</FileName>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${messages.download} ${fileName ?? ''}`.trim()}
                icon={<Icon name="download" size={18} />}
                onPress={onDownload}
              >
                {messages.download}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`${messages.removeFile} ${fileName ?? ''}`.trim()}
                icon={<Icon name="delete" size={18} />}
                onPress={onRemove}
                isDisabled={isDisabled}
              >
                {messages.delete}
              </Button>
            </>
          ) : (
            <>
              <Muted style={{ flex: '1 1 auto' }}>{messages.uploadPrompt}</Muted>
              <UploadButton
                label={messages.upload}
                accept={accept}
                isDisabled={isDisabled}
                onFile={onUpload}
              />
            </>
          )}
        </Row>
      )}
    </FieldFrame>
  );
}
