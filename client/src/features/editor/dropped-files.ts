/** A file to upload with its path relative to the drop (folders keep their structure). */
export interface UploadEntry {
  file: File;
  path: string;
}

/**
 * Reads a drop, walking dropped folders (webkitGetAsEntry) so `site/css/a.css` keeps its folders;
 * browsers without entry support give the plain file list.
 */
export async function readDroppedFiles(transfer: DataTransfer): Promise<UploadEntry[]> {
  const entries = [...transfer.items]
    .map((item) => item.webkitGetAsEntry?.())
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  if (entries.length === 0) return [...transfer.files].map((file) => ({ file, path: file.name }));
  const collected: UploadEntry[] = [];
  for (const entry of entries) await walk(entry, '', collected);
  return collected;
}

async function walk(entry: FileSystemEntry, prefix: string, out: UploadEntry[]) {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    out.push({ file, path });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches until it answers an empty one.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    for (const child of batch) await walk(child, path, out);
  }
}

/** Files chosen with the upload button: a folder picker gives webkitRelativePath. */
export function pickedFiles(list: FileList): UploadEntry[] {
  return [...list].map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
