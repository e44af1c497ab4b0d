import type { UploadedFile } from '@kiln/shared';
import { useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { ApiError, messageOf } from '../../../lib/api-error';
import { attachmentProblem } from './attachments';
import { uploadProjectFile } from './requests';

const UPLOAD_FAILED = 'Failed to upload files. Please try again.';

function failureMessage(error: unknown): string {
  // A 4xx names something wrong with the file itself (too large, a broken zip); anything else
  // is transient and the message's advice to try again fits.
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? messageOf(error, UPLOAD_FAILED)
    : UPLOAD_FAILED;
}

/**
 * The create dialog's attachments: each file is uploaded with its own request,
 * and `settled()` lets the start screen wait for uploads still under way.
 */
export function useAttachments() {
  const [files, setFilesState] = useState<UploadedFile[]>([]);
  const [uploading, setUploading] = useState<{ key: number; name: string }[]>([]);
  // Mirrors `files` so an upload finishing after other changes adds to the latest list.
  const filesRef = useRef<UploadedFile[]>([]);
  const inFlight = useRef(new Set<Promise<void>>());
  const nextKey = useRef(0);

  const setFiles = (update: (current: UploadedFile[]) => UploadedFile[]) => {
    filesRef.current = update(filesRef.current);
    setFilesState(filesRef.current);
  };

  const uploadAll = async (selected: File[]) => {
    const problems = selected.map(attachmentProblem);
    const accepted = selected.filter((_file, index) => problems[index] === null);
    const entries = accepted.map((file) => ({ key: nextKey.current++, name: file.name }));
    const keys = new Set(entries.map((entry) => entry.key));
    setUploading((current) => [...current, ...entries]);
    const results = await Promise.allSettled(accepted.map(uploadProjectFile));
    setUploading((current) => current.filter((entry) => !keys.has(entry.key)));

    const uploaded = results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    if (uploaded.length > 0) setFiles((current) => [...current, ...uploaded]);

    const firstProblem = problems.find((problem) => problem !== null);
    const firstFailure = results.find((result) => result.status === 'rejected');
    if (firstProblem || firstFailure) {
      toast({
        title: 'Upload failed',
        description: firstProblem ?? failureMessage(firstFailure?.reason),
        variant: 'destructive',
      });
    } else if (uploaded.length > 0) {
      toast({
        title: 'Files uploaded',
        description: `Successfully uploaded ${uploaded.length} file(s)`,
        variant: 'success',
      });
    }
  };

  const upload = (selected: Iterable<File>) => {
    const list = [...selected];
    if (list.length === 0) return;
    const run: Promise<void> = uploadAll(list).finally(() => inFlight.current.delete(run));
    inFlight.current.add(run);
  };

  /** The attachments once every upload under way, including any started meanwhile, is done. */
  const settled = async (): Promise<UploadedFile[]> => {
    while (inFlight.current.size > 0) await Promise.all(inFlight.current);
    return filesRef.current;
  };

  const remove = (id: string) => setFiles((current) => current.filter((file) => file.id !== id));
  const clear = () => setFiles(() => []);

  return {
    files,
    uploadingNames: uploading.map((entry) => entry.name),
    isUploading: uploading.length > 0,
    upload,
    remove,
    clear,
    settled,
  };
}
