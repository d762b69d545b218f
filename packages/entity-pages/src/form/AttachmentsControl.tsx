import { type AttachmentItem, AttachmentsField } from '@lms/design-system';
import {
  ATTACHMENTS_MAX,
  acceptAttribute,
  type FieldDef,
  fileAcceptTypes,
  filesApi,
  MESSAGES,
} from '@lms/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { call, callForBytes, callWithFiles } from '../api/call.ts';
import { saveBlob } from '../api/download.ts';

/** The picker offers the spec's upload types (§5): Excel, Word, images, PDF, JSON. */
const ACCEPT = fileAcceptTypes.flatMap((type) => acceptAttribute(type)?.split(',') ?? []);

const messageOf = (caught: unknown, fallback: string) =>
  caught instanceof ApiError ? caught.messages.join('\n') : fallback;

/**
 * An `attachments` field: its value is the ordered file ids; names come from the spec's
 * `file/info` call, bytes go up through `file/upload` and down through `file/{id}`. Without
 * `onChange` it is the detail view's list (names and downloads).
 */
export function AttachmentsControl({
  field,
  label = field.label,
  value,
  onChange,
  error,
  hideLabel,
}: {
  readonly field: FieldDef;
  readonly label?: string;
  readonly value: readonly string[];
  readonly onChange?: (ids: string[]) => void;
  readonly error?: string | undefined;
  readonly hideLabel?: boolean;
}) {
  const api = useApi();
  const [infos, setInfos] = useState<Readonly<Record<string, { name?: string; error?: string }>>>({});
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const missing = value.filter((id) => !infos[id]).join(',');
  useEffect(() => {
    if (!missing) return;
    let cancelled = false;
    for (const id of missing.split(',')) {
      call(api, filesApi.info, { params: { id } }).then(
        (info) => !cancelled && setInfos((all) => ({ ...all, [id]: { name: info.origName } })),
        // Spec §8: a failed file info shows a simple error; the file stays listed and removable.
        (caught) =>
          !cancelled &&
          setInfos((all) => ({
            ...all,
            [id]: { error: messageOf(caught, MESSAGES.unexpectedConnectionFailure.text) },
          })),
      );
    }
    return () => {
      cancelled = true;
    };
  }, [api, missing]);

  const items: AttachmentItem[] = value.map((id) => ({ id, ...infos[id] }));
  const upload = async (file: File) => {
    setUploading(true);
    setFailure(null);
    try {
      const answer = await callWithFiles(api, filesApi.upload, [file]);
      const id = answer.files[0]?.id;
      if (!id) throw new ApiError(500, ['อัปโหลดไฟล์ไม่สำเร็จ']);
      setInfos((all) => ({ ...all, [id]: { name: file.name } }));
      onChange?.([...value, id]);
    } catch (caught) {
      setFailure(messageOf(caught, 'อัปโหลดไฟล์ไม่สำเร็จ'));
    } finally {
      setUploading(false);
    }
  };
  const download = async (id: string) => {
    setFailure(null);
    try {
      const { blob, fileName } = await callForBytes(api, filesApi.download, { params: { id } });
      saveBlob(blob, fileName ?? infos[id]?.name ?? 'file');
    } catch (caught) {
      setFailure(messageOf(caught, MESSAGES.downloadFailed.text));
    }
  };
  return (
    <AttachmentsField
      label={label}
      items={items}
      accept={ACCEPT}
      max={field.max ?? ATTACHMENTS_MAX}
      isReadOnly={!onChange}
      isUploading={uploading}
      {...(onChange
        ? { onUpload: upload, onRemove: (id: string) => onChange(value.filter((v) => v !== id)) }
        : {})}
      onDownload={download}
      error={failure ?? error ?? null}
      required={field.required ?? false}
      hideLabel={hideLabel ?? false}
    />
  );
}
