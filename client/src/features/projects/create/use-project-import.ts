import { UPLOAD_LIMITS, UploadedFileSchema, type Project } from '@kiln/shared';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/toast-store';
import { messageOf } from '../../../lib/api-error';
import { useCreateProject, useDeleteProject } from '../api';
import { importedProjectName } from './derive-project';
import {
  folderProblem,
  readFolderSelection,
  uploadBatches,
  type FolderEntry,
} from './folder-import';
import { fileCountText, type ImportSource, type ImportState } from './import-state';
import { postFormWithProgress } from './upload-with-progress';

const FAILED = 'Something went wrong. Please try again.';

class ImportProblem extends Error {}

function zipProblem(file: File): string | null {
  if (!file.name.toLowerCase().endsWith('.zip')) return `${file.name} is not a .zip file.`;
  if (file.size > UPLOAD_LIMITS.zipBytes) {
    return `${file.name} is larger than ${UPLOAD_LIMITS.zipBytes / (1024 * 1024)} MB.`;
  }
  return null;
}

/**
 * Imports a zip or a folder as a new project without the AI, showing progress, then opens the
 * editor. A zip is uploaded and unpacked first (POST /api/upload/project-file), then the project
 * made from it; a folder's project is made empty first (so the plan limit refuses before any
 * upload) and its files uploaded into it in batches (POST /api/files/upload/:projectId). A
 * folder upload that fails removes the half-made project, so nothing is left half imported.
 */
export function useProjectImport({ onOpened }: { onOpened: () => void }) {
  const createProject = useCreateProject();
  const deleteProject = useDeleteProject();
  const [, navigate] = useLocation();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const busy = useRef(false);

  const open = (project: Project, name: string, files: number) => {
    toast({
      title: 'Project imported',
      description: `Imported ${fileCountText(files)} from ${name}.`,
      variant: 'success',
    });
    busy.current = false;
    setState({ phase: 'idle' });
    onOpened();
    navigate(`/editor/${project.id}`);
  };

  const run = async (source: ImportSource, name: string, work: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    try {
      await work();
    } catch (error) {
      busy.current = false;
      const message = error instanceof ImportProblem ? error.message : messageOf(error, FAILED);
      setState({ phase: 'failed', source, name, message });
    }
  };

  const importZip = (file: File) =>
    run('zip', file.name, async () => {
      const problem = zipProblem(file);
      if (problem) throw new ImportProblem(problem);
      setState({
        phase: 'uploading',
        source: 'zip',
        name: file.name,
        fraction: 0,
        files: null,
        filesSent: 0,
      });
      const form = new FormData();
      form.append('file', file);
      const answer = await postFormWithProgress('/api/upload/project-file', form, (sent, total) =>
        setState((current) =>
          current.phase === 'uploading' ? { ...current, fraction: sent / total } : current,
        ),
      );
      const upload = UploadedFileSchema.parse(answer);
      if (upload.fileCount === 0) throw new ImportProblem('the zip holds no files.');
      setState({ phase: 'creating', source: 'zip', name: file.name, files: upload.fileCount });
      const project = await createProject.mutateAsync({
        name: importedProjectName(file.name),
        description: `Imported from ${file.name}`,
        templateId: 'blank',
        zipFiles: [{ id: upload.id, name: upload.name }],
      });
      open(project, file.name, upload.fileCount);
    });

  const importFolder = (picked: readonly File[]) => {
    const selection = readFolderSelection(picked);
    const name = selection.folderName || 'the folder';
    return run('folder', name, async () => {
      const problem = folderProblem(selection);
      if (problem) throw new ImportProblem(problem);
      const files = selection.entries.length;
      setState({ phase: 'creating', source: 'folder', name, files });
      const project = await createProject.mutateAsync({
        name: importedProjectName(selection.folderName),
        description: `Imported from the folder ${name}`,
        templateId: 'blank',
        empty: true,
      });
      try {
        await uploadFolder(project.id, name, selection.entries);
      } catch (error) {
        // Best effort: the reason shown is the upload's, whatever happens to the clean-up.
        await deleteProject.mutateAsync(project.id).catch(() => undefined);
        throw error;
      }
      open(project, name, files);
    });
  };

  const uploadFolder = async (projectId: string, name: string, entries: FolderEntry[]) => {
    const totalBytes = Math.max(
      1,
      entries.reduce((sum, entry) => sum + entry.file.size, 0),
    );
    let doneBytes = 0;
    let filesSent = 0;
    const progress = (fraction: number) =>
      setState({
        phase: 'uploading',
        source: 'folder',
        name,
        fraction: Math.min(1, fraction),
        files: entries.length,
        filesSent,
      });
    progress(0);
    for (const batch of uploadBatches(entries)) {
      const batchBytes = batch.reduce((sum, entry) => sum + entry.file.size, 0);
      const form = new FormData();
      for (const entry of batch) form.append('files', entry.file, entry.path);
      await postFormWithProgress(`/api/files/upload/${projectId}`, form, (sent, total) =>
        progress((doneBytes + (batchBytes * sent) / total) / totalBytes),
      );
      doneBytes += batchBytes;
      filesSent += batch.length;
      progress(doneBytes / totalBytes);
    }
  };

  const dismiss = () => {
    if (!busy.current) setState({ phase: 'idle' });
  };

  return {
    state,
    busy: state.phase !== 'idle' && state.phase !== 'failed',
    importZip: (file: File) => void importZip(file),
    importFolder: (files: readonly File[]) => void importFolder(files),
    dismiss,
  };
}
