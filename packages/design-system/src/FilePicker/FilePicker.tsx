import { FieldFrame, FileName, Muted, Row, UploadButton } from '../FileField/FieldFrame.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';

export interface FilePickerProps {
  /** What to pick, e.g. the types and limits of an import. */
  readonly label: string;
  /** The name of the file picked, or null before one is. */
  readonly fileName: string | null;
  /** File types for the browser's picker, e.g. ['.xlsx', '.csv']. */
  readonly accept?: readonly string[];
  /** The first file picked (spec §5: only the first selected file is used). */
  readonly onPick: (file: File) => void;
  readonly isDisabled?: boolean;
  readonly error?: string | null;
}

/**
 * A file chosen on this device and kept by the caller (an import's file; nothing is uploaded
 * here): its name, or that none is chosen yet, and a Thai button for the browser's picker —
 * `<input type="file">` would say "Choose File" / "No file chosen" in the browser's language.
 */
export function FilePicker({ label, fileName, accept, onPick, isDisabled, error }: FilePickerProps) {
  return (
    <FieldFrame label={label} error={error}>
      {() => (
        <Row data-state={fileName ? 'picked' : 'empty'}>
          {fileName ? (
            <>
              <Icon name="file" size={20} />
              <FileName>{fileName}</FileName>
            </>
          ) : (
            <Muted style={{ flex: '1 1 auto' }}>{messages.noFileChosen}</Muted>
          )}
          <UploadButton
            label={fileName ? messages.changeFile : messages.chooseFile}
            accept={accept}
            isDisabled={isDisabled}
            onFile={onPick}
          />
        </Row>
      )}
    </FieldFrame>
  );
}
