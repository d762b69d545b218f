import { acceptAttribute, filesApi, MESSAGES } from '@lms/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { call, callForBytes, callWithFiles } from '../api/call.ts';
import { saveBlob } from '../api/download.ts';
import { FileField, ImageField } from './controls.tsx';

/** A file or image field whose bytes go through the file calls of spec §7. */
export function FileControl({
  kind,
  value,
  onChange,
  label,
  error,
  touched,
  isRequired,
}: {
  readonly kind: 'file' | 'image';
  readonly value: string | null;
  readonly onChange: (id: string | null) => void;
  readonly label: string;
  readonly error?: string | undefined;
  readonly touched?: boolean;
  readonly isRequired?: boolean | undefined;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [imageSrc, setImageSrc] = useState<string | null>(null);
  // Spec §8: a failed file info or image load shows a simple error, not a blank name or "no image".
  const [loadFailure, setLoadFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!value) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setLoadFailure(null);
    const failed = (fallback: string) => (caught: unknown) => {
      if (cancelled) return;
      console.error(fallback, caught);
      setLoadFailure(caught instanceof ApiError ? caught.messages.join('\n') : fallback);
    };
    if (kind === 'image') {
      callForBytes(api, filesApi.image, { params: { id: value } }).then(
        ({ blob }) => {
          if (cancelled) return;
          objectUrl = URL.createObjectURL(blob);
          setImageSrc(objectUrl);
        },
        (caught: unknown) => {
          if (!cancelled) setImageSrc(null);
          failed(MESSAGES.imageLoadFailed.text)(caught);
        },
      );
    } else {
      call(api, filesApi.info, { params: { id: value } }).then(
        (info) => !cancelled && setFileName(info.origName),
        (caught: unknown) => {
          if (!cancelled) setFileName(null);
          failed(MESSAGES.fileInfoFailed.text)(caught);
        },
      );
    }
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, kind, value]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.messages.join('\n') : MESSAGES.downloadFailed.text);
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) =>
    run(async () => {
      const answer = await callWithFiles(api, kind === 'image' ? filesApi.uploadImage : filesApi.upload, [
        file,
      ]);
      const id = answer.files[0]?.id;
      if (!id) throw new ApiError(500, ['อัปโหลดไฟล์ไม่สำเร็จ']);
      setFileName(file.name);
      onChange(id);
    });
  const download = () =>
    run(async () => {
      if (!value) return;
      const { blob, fileName: served } = await callForBytes(api, filesApi.download, {
        params: { id: value },
      });
      saveBlob(blob, served ?? fileName ?? 'file');
    });
  const shared = {
    label,
    value,
    fileName,
    onUpload: upload,
    onDownload: download,
    onRemove: () => onChange(null),
    isLoading: busy,
    error: failure ?? (kind === 'file' ? loadFailure : null) ?? (touched === false ? null : (error ?? null)),
    required: isRequired ?? false,
  };
  return kind === 'image' ? (
    <ImageField {...shared} imageSrc={imageSrc} imageError={loadFailure} />
  ) : (
    <FileField {...shared} accept={acceptAttribute(null)?.split(',')} />
  );
}
