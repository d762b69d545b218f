import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';
import { FieldFrame, FileName, Muted, UploadButton } from '../FileField/FieldFrame.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';

/** One attached file as the host knows it: its name once `file/info` answered, or why not. */
export interface AttachmentItem {
  readonly id: string;
  /** `undefined` while the name loads. */
  readonly name?: string | null;
  /** The message of a failed name look-up (the file is still listed and can be removed). */
  readonly error?: string | null;
}

export interface AttachmentsFieldProps {
  readonly label: string;
  readonly items: readonly AttachmentItem[];
  /** File types for the picker, e.g. ['.pdf', '.xlsx']. */
  readonly accept?: readonly string[];
  readonly onUpload?: (file: File) => void;
  readonly onDownload: (id: string) => void;
  readonly onRemove?: (id: string) => void;
  /** An upload is under way: its line shows, the upload button waits. */
  readonly isUploading?: boolean;
  readonly isDisabled?: boolean;
  /** Names and downloads only (a detail view). */
  readonly isReadOnly?: boolean;
  /** Most files the field takes; the upload button goes at the limit. */
  readonly max?: number;
  readonly error?: string | null;
  readonly required?: boolean;
  readonly hideLabel?: boolean;
}

/**
 * A list of files (issue 23: the PO, the signed delivery note, a photo), each as the spec's file
 * field shows one — name, download, remove — in order, with one upload button below.
 */
export function AttachmentsField({
  label,
  items,
  accept,
  onUpload,
  onDownload,
  onRemove,
  isUploading,
  isDisabled,
  isReadOnly,
  max,
  error,
  required,
  hideLabel,
}: AttachmentsFieldProps) {
  const full = max !== undefined && items.length >= max;
  return (
    <FieldFrame label={label} required={required && !isReadOnly} error={error} hideLabel={hideLabel}>
      {() => (
        <Box data-state={isUploading ? 'uploading' : items.length ? 'loaded' : 'empty'}>
          {items.length > 0 && (
            <List aria-label={label}>
              {items.map((item) => (
                <Item key={item.id}>
                  <Icon name="file" size={20} />
                  {item.error ? (
                    <Failed role="alert">{item.error}</Failed>
                  ) : item.name === undefined ? (
                    <Muted>{messages.loading}</Muted>
                  ) : (
                    <FileName>{item.name ?? messages.emptyValue}</FileName>
                  )}
                  <Actions>
                    {!item.error && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${messages.download} ${item.name ?? ''}`.trim()}
                        icon={<Icon name="download" size={18} />}
                        onPress={() => onDownload(item.id)}
                      >
                        {messages.download}
                      </Button>
                    )}
                    {!isReadOnly && onRemove && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${messages.removeFile} ${item.name ?? ''}`.trim()}
                        icon={<Icon name="delete" size={18} />}
                        onPress={() => onRemove(item.id)}
                        isDisabled={isDisabled}
                      >
                        {messages.delete}
                      </Button>
                    )}
                  </Actions>
                </Item>
              ))}
            </List>
          )}
          {isUploading && (
            <Muted role="status">
              <Icon name="clock" size={18} />
              {messages.uploading}
            </Muted>
          )}
          {isReadOnly ? (
            items.length === 0 && <Muted>{messages.noAttachments}</Muted>
          ) : (
            <Footer>
              <Muted style={{ flex: '1 1 auto' }}>
                {full ? messages.attachmentsFull : items.length === 0 ? messages.attachmentsUploadPrompt : ''}
              </Muted>
              {onUpload && (
                <UploadButton
                  label={messages.upload}
                  accept={accept}
                  isDisabled={isDisabled || isUploading || full}
                  onFile={onUpload}
                />
              )}
            </Footer>
          )}
        </Box>
      )}
    </FieldFrame>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-height: ${({ theme }) => theme.size.inputHeight};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  min-width: 0;
  container-type: inline-size;
  [data-invalid] > & { border-color: ${({ theme }) => theme.color.danger}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

/** Icon, name, actions: the name wraps, the two buttons stay together at the right. */
const Item = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: center;
  /* A narrow field (a phone, a side column): the buttons go under the name, which keeps the width. */
  @container (max-width: 340px) {
    grid-template-columns: auto minmax(0, 1fr);
    & > :last-child { grid-column: 2; justify-self: start; }
  }
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  padding-bottom: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Actions = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1]};
`;

const Failed = styled.span`
  flex: 1 1 auto;
  min-width: 0;
  color: ${({ theme }) => theme.color.danger};
  overflow-wrap: anywhere;
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;
