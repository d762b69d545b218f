import { filesApi, THUMBNAIL_FIT } from '@lms/domain';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { callForBytes } from '../api/call.ts';

/** Spec §9: thumbnails default to 48 px. */
export const THUMBNAIL_SIZE = 48;

/**
 * A stored image's thumbnail as an object URL, fetched with the session's token (never a token in
 * a URL) and revoked when the component lets go of it. A failure is logged (spec §8) and answers
 * null, so the caller falls back to its placeholder (the avatar's person icon).
 */
export function useThumbnail(
  fileId: string | null | undefined,
  size = THUMBNAIL_SIZE,
  fit: 'COVER' | 'CONTAIN' = THUMBNAIL_FIT.avatar,
): string | null {
  const api = useApi();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) {
      setUrl(null);
      return;
    }
    let objectUrl: string | null = null;
    let live = true;
    callForBytes(api, filesApi.thumb, {
      params: { id: fileId },
      query: { w: String(size), h: String(size), fit },
    })
      .then(({ blob }) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error: unknown) => {
        console.error('thumbnail could not be loaded', fileId, error);
        if (live) setUrl(null);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [api, fileId, size, fit]);
  return url;
}
